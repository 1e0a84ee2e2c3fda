<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="props" tilewidth="32" tileheight="48" tilecount="3" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0">
  <image source="img/tree.png" width="32" height="48"/>
 </tile>
 <tile id="2" type="rock">
  <properties>
   <property name="heavy" type="bool" value="true"/>
  </properties>
  <image source="img/rock.png" width="24" height="16"/>
 </tile>
 <tile id="5" x="4" y="8" width="16" height="16">
  <image source="../images/atlas.png" width="73" height="37"/>
 </tile>
</tileset>
