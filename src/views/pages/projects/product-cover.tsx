import './product-cover.css';
import type { ProductType } from '../../../contract/board';

/**
 * The product spec's cover pictures (pcb.svg, panel.svg, stencil.svg, mounting.svg; module shares mounting's), drawn inline
 * so they follow the theme's colours and cost no request. Shown where a project has no picture of its own.
 */
export function ProductCover({ type, size = 64, label }: { type: ProductType; size?: number; label?: string }) {
  return (
    <svg
      className={`product-cover product-cover--${type}`}
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      {type === 'pcb' ? <Board x={8} y={12} width={48} height={40} /> : null}
      {type === 'panel' ? <Panel /> : null}
      {type === 'stencil' ? <Stencil /> : null}
      {type === 'mounting' || type === 'module' ? <Mounted /> : null}
    </svg>
  );
}

function Board({ x, y, width, height }: { x: number; y: number; width: number; height: number }) {
  const right = x + width;
  const bottom = y + height;
  return (
    <g>
      <rect className="product-cover__board" x={x} y={y} width={width} height={height} rx={2} />
      <path className="product-cover__trace" d={`M${x + 6} ${y + 8}h${width * 0.4}l6 6v${height * 0.35}M${right - 8} ${bottom - 8}h-${width * 0.35}l-5-5`} />
      <circle className="product-cover__pad" cx={x + 6} cy={y + 8} r={2.4} />
      <circle className="product-cover__pad" cx={right - 8} cy={bottom - 8} r={2.4} />
      <circle className="product-cover__hole" cx={x + 4} cy={bottom - 4} r={1.4} />
      <circle className="product-cover__hole" cx={right - 4} cy={y + 4} r={1.4} />
    </g>
  );
}

function Panel() {
  return (
    <g>
      <rect className="product-cover__rail" x={4} y={6} width={56} height={52} rx={2} />
      {[0, 1].flatMap((column) => [0, 1].map((row) => (
        <Board key={`${column}-${row}`} x={9 + column * 24} y={13 + row * 21} width={22} height={18} />
      )))}
      <circle className="product-cover__fiducial" cx={7.5} cy={9.5} r={1.6} />
      <circle className="product-cover__fiducial" cx={56.5} cy={54.5} r={1.6} />
    </g>
  );
}

function Stencil() {
  return (
    <g>
      <rect className="product-cover__frame" x={4} y={4} width={56} height={56} rx={3} />
      <rect className="product-cover__foil" x={9} y={9} width={46} height={46} rx={1} />
      {[16, 24, 32, 40].map((y) => (
        <g key={y}>
          <rect className="product-cover__aperture" x={16} y={y} width={6} height={3} />
          <rect className="product-cover__aperture" x={42} y={y} width={6} height={3} />
        </g>
      ))}
      <rect className="product-cover__aperture" x={27} y={22} width={10} height={14} />
    </g>
  );
}

function Mounted() {
  return (
    <g>
      <Board x={6} y={10} width={52} height={44} />
      <rect className="product-cover__chip" x={22} y={22} width={18} height={18} rx={1.5} />
      {[24, 28, 32, 36].map((y) => (
        <g key={y}>
          <rect className="product-cover__pin" x={19} y={y} width={3} height={1.6} />
          <rect className="product-cover__pin" x={40} y={y} width={3} height={1.6} />
        </g>
      ))}
      <rect className="product-cover__part" x={46} y={16} width={6} height={3} rx={0.6} />
      <rect className="product-cover__part" x={12} y={42} width={3} height={6} rx={0.6} />
      <circle className="product-cover__cap" cx={49} cy={44} r={4} />
    </g>
  );
}
