<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="props" tilewidth="64" tileheight="64" tilecount="4" columns="4">
 <tileoffset x="0" y="16"/>
 <image source="tiles.png" width="256" height="64"/>
</tileset>
