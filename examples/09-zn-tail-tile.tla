using namespace tla;
// The guide's 100×100 zN layout for half, and the tail tile at (96, 64) of size (32, 48)
auto zn = MakeLayout<half, zN>(100, 100);
auto tail = GetTileLayout(zn, MakeShape(32, 48), MakeCoord(96, 64));
