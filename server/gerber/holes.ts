import type { DrillHole, DrillPath } from './excellon';
import { visible, type AnalysedFile } from './analysed';

/**
 * Every hole of the board once: Excellon hits, G85 slots and routs, and the flashes of Gerber drill files. A set that
 * carries the same holes twice (EasyEDA's Via file, KiCad's Gerber copy of its Excellon) counts them once.
 */
export interface BoardHoles { holes: DrillHole[]; paths: DrillPath[] }

const HOLE_MATCH_MM = 0.02;

export function boardHoles(files: AnalysedFile[]): BoardHoles {
  const holes: DrillHole[] = [];
  const paths: DrillPath[] = [];
  // Holes of the files already counted; a file's own hits all count, even two on one spot (a drill does both).
  const grid = new Map<string, DrillHole[]>();
  const cell = (value: number) => Math.floor(value / HOLE_MATCH_MM);
  const counted = (hole: DrillHole) => {
    for (let dx = -1; dx <= 1; dx += 1) {
      for (let dy = -1; dy <= 1; dy += 1) {
        for (const other of grid.get(`${cell(hole.x) + dx},${cell(hole.y) + dy}`) ?? []) {
          if (Math.hypot(other.x - hole.x, other.y - hole.y) <= HOLE_MATCH_MM && Math.abs(other.diameterMm - hole.diameterMm) <= HOLE_MATCH_MM) return true;
        }
      }
    }
    return false;
  };
  const pathKey = (path: DrillPath) => {
    const ends = [path.points[0], path.points[path.points.length - 1]].map((point) => point?.map((value) => Math.round(value / HOLE_MATCH_MM)).join(','));
    return `${ends.join(';')};${Math.round(path.diameterMm / HOLE_MATCH_MM)}`;
  };
  const countedPaths = new Set<string>();
  for (const entry of visible(files)) {
    if (entry.file.type !== 'drill' || entry.error) continue;
    const { excellon, gerber } = entry.file.read;
    const own: DrillHole[] = excellon ? excellon.holes : [];
    if (!excellon && gerber) {
      for (let index = 0; index < gerber.flashCount; index += 1) {
        own.push({ x: gerber.flashXY[index * 2] ?? 0, y: gerber.flashXY[index * 2 + 1] ?? 0, diameterMm: gerber.flashDiameterMm[index] ?? 0 });
      }
    }
    const fresh = own.filter((hole) => !counted(hole));
    const freshPaths = (excellon?.paths ?? []).filter((path) => !countedPaths.has(pathKey(path)));
    for (const hole of fresh) {
      holes.push(hole);
      const key = `${cell(hole.x)},${cell(hole.y)}`;
      grid.set(key, [...(grid.get(key) ?? []), hole]);
    }
    for (const path of freshPaths) {
      paths.push(path);
      countedPaths.add(pathKey(path));
    }
  }
  return { holes, paths };
}
