/**
 * The part of clipper2-wasm 0.4.0 the polygons use (its own `types` points to a file the package does not ship, and
 * its declaration has no default export). The D API: coordinates as doubles, rounded inside to `precision` decimals.
 * Every object it returns, a `get(i)` included, lives in the WebAssembly heap until `delete()` (scope.ts).
 */
declare module 'clipper2-wasm' {
  interface Native { delete(): void }
  export interface PathD extends Native {
    size(): number;
    /** x y z per point, a view of the heap: valid until the heap next grows. */
    view(): Float64Array;
    /** x y z per point. */
    assign(coordinates: Float64Array): void;
  }
  export interface PathsD extends Native {
    size(): number;
    get(index: number): PathD;
    push_back(path: PathD): void;
  }
  export interface PolyPathD extends Native {
    count(): number;
    child(index: number): PolyPathD;
    polygon(): PathD;
    isHole(): boolean;
  }
  export type RectD = Native;
  interface Enum<T extends number> { value: T }
  export interface Clipper2Module {
    PathD: new () => PathD;
    PathsD: new () => PathsD;
    PolyPathD: new () => PolyPathD;
    RectD: new (left: number, top: number, right: number, bottom: number) => RectD;
    RectClipPathsD(rect: RectD, paths: PathsD, precision: number): PathsD;
    FillRule: { EvenOdd: Enum<0>; NonZero: Enum<1> };
    ClipType: { Intersection: Enum<1>; Union: Enum<2>; Difference: Enum<3> };
    JoinType: { Square: Enum<0>; Round: Enum<2>; Miter: Enum<3> };
    EndType: { Polygon: Enum<0>; Round: Enum<4> };
    BooleanOpD(clipType: Enum<number>, fillRule: Enum<number>, subjects: PathsD, clips: PathsD, precision: number): PathsD;
    BooleanOpOutD(clipType: Enum<number>, fillRule: Enum<number>, subjects: PathsD, clips: PathsD, tree: PolyPathD, precision: number): void;
    InflatePathsD(
      paths: PathsD,
      delta: number,
      joinType: Enum<number>,
      endType: Enum<number>,
      miterLimit: number,
      precision: number,
      arcTolerance: number,
    ): PathsD;
    SimplifyPathsD(paths: PathsD, epsilon: number, isClosedPath: boolean): PathsD;
    AreaPathsD(paths: PathsD): number;
    HEAPU8: Uint8Array;
  }
  const factory: (options?: { wasmBinary?: ArrayBuffer }) => Promise<Clipper2Module>;
  export default factory;
}
