<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" name="blocks" tilewidth="64" tileheight="64" tilecount="4" columns="2">
 <tileoffset x="0" y="16"/>
 <grid orientation="isometric" width="64" height="32"/>
 <image source="../images/blocks.png" width="128" height="128"/>
</tileset>
