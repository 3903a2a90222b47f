import type { BrandConfig } from './brand-config.ts';

/** OpenStreetMap's tiles: the hotel map's default source (their tile policy asks for their credit). */
export const openStreetMapTiles = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** The installation's tile settings: MAP_TILES_URL (null = `none`, no tiles) and MAP_TILES_PROXY. */
export type MapTileSettings = { url: string | null; isProxied: boolean };

/** What a browser is given for a brand's maps: where its tiles come from and whose credit they carry. */
export type MapTiles = {
  /** A `{z}/{x}/{y}` template: our own `/media/map/…` route, or the tile server itself. */
  url: string;
  /** The browser would ask another host: tiles load only after the visitor allowed cookies. */
  isThirdParty: boolean;
  /** OpenStreetMap's tiles: its translated credit. Otherwise the brand's credit, if it names one. */
  isOpenStreetMap: boolean;
  attribution: string | null;
};

/** The tile server a brand's tiles come from: its own, else the installation's; null = none at all. */
export function upstreamTileUrl(
  brand: Pick<BrandConfig, 'mapTileUrl'>,
  settings: MapTileSettings,
): string | null {
  return brand.mapTileUrl || settings.url;
}

/**
 * Proxied (the default), tiles come through `/media/map/<brand>/…` of the shop's own origin: first
 * party, so they load for every visitor. Direct, the browser asks the tile server, a third party.
 */
export function mapTilesFor(
  brand: Pick<BrandConfig, 'mapTileUrl' | 'mapTileAttribution' | 'short'>,
  settings: MapTileSettings,
): MapTiles | null {
  const upstream = upstreamTileUrl(brand, settings);
  if (!upstream) return null;
  return {
    url: settings.isProxied ? `/media/map/${brand.short}/{z}/{x}/{y}.png` : upstream,
    isThirdParty: !settings.isProxied,
    isOpenStreetMap: upstream === openStreetMapTiles,
    attribution: brand.mapTileAttribution ?? null,
  };
}
