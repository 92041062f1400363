import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useT } from '../../../services/i18n';

export interface Highlights {
  /** The innermost states the simulation or the live app is in. */
  current: readonly string[];
  /** Their enclosing states. */
  active: readonly string[];
  selectedState: string | null;
  selectedEdge: string | null;
  /** Where the selected edge leads. */
  targets: readonly string[];
}

interface DiagramViewProps {
  svg: string;
  label: string;
  highlights: Highlights;
  onState: (id: string) => void;
  onEdge: (key: string) => void;
}

const ZOOMS = [0.25, 0.33, 0.5, 0.67, 0.8, 1, 1.25, 1.5, 2];
const FULL_SIZE = ZOOMS.indexOf(1);
/** The diagram starts scaled to the frame's width: nothing is cut on the right, zooming in scrolls. */
type Zoom = number | 'fit';

/** The step of ZOOMS to go to from the current scale, one step in or out. */
function stepFrom(scale: number, direction: 1 | -1): number {
  const index = direction > 0 ? ZOOMS.findIndex((step) => step > scale + 0.001) : ZOOMS.findLastIndex((step) => step < scale - 0.001);
  return index < 0 ? (direction > 0 ? ZOOMS.length - 1 : 0) : index;
}

function toggle(root: HTMLElement, selector: string, name: string, ids: readonly string[], attribute: string) {
  const wanted = new Set(ids);
  for (const element of root.querySelectorAll<SVGElement>(selector)) {
    element.classList.toggle(name, wanted.has(element.getAttribute(attribute) ?? ''));
  }
}

/** The machine's SVG in a scrollable, zoomable frame, first fitted to its width; clicks and Enter on states and edges select them. */
export function DiagramView({ svg, label, highlights, onState, onEdge }: DiagramViewProps) {
  const t = useT();
  const frame = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState<Zoom>('fit');
  const [frameWidth, setFrameWidth] = useState(0);
  const [, , width = 0] = (/viewBox="([^"]+)"/.exec(svg)?.[1] ?? '').split(/\s+/).map(Number);
  const fitScale = width > 0 && frameWidth > 0 ? Math.min(1, frameWidth / width) : 1;
  const scale = zoom === 'fit' ? fitScale : ZOOMS[zoom] ?? 1;
  const zoomBy = (direction: 1 | -1) => setZoom(stepFrom(scale, direction));

  useEffect(() => {
    const element = frame.current;
    if (!element) return undefined;
    // The frame's inner width less its scroll bar: the fitted diagram never needs a horizontal one.
    const measure = () => setFrameWidth(element.clientWidth);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => observer?.disconnect();
  }, []);

  useEffect(() => {
    const element = frame.current?.querySelector('svg');
    if (!element) return;
    const [, , viewWidth = 0, height = 0] = (element.getAttribute('viewBox') ?? '').split(' ').map(Number);
    element.setAttribute('width', String(Math.floor(viewWidth * scale)));
    element.setAttribute('height', String(Math.floor(height * scale)));
    for (const item of element.querySelectorAll('g[data-state], g[data-edge]')) item.setAttribute('tabindex', '0');
  }, [svg, scale]);

  useEffect(() => {
    const root = frame.current;
    if (!root) return;
    toggle(root, 'g[data-state]', 'is-current', highlights.current, 'data-state');
    toggle(root, 'g[data-state]', 'is-active', highlights.active, 'data-state');
    toggle(root, 'g[data-state]', 'is-selected', highlights.selectedState ? [highlights.selectedState] : [], 'data-state');
    toggle(root, 'g[data-state]', 'is-target', highlights.targets, 'data-state');
    toggle(root, '[data-edge]', 'is-selected', highlights.selectedEdge ? [highlights.selectedEdge] : [], 'data-edge');
  }, [svg, highlights]);

  const zoomWheel = useRef(zoomBy);
  useEffect(() => {
    zoomWheel.current = zoomBy;
  });

  useEffect(() => {
    const root = frame.current;
    if (!root) return undefined;
    // React's wheel listener is passive; ctrl-wheel must not also zoom the whole page.
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey) return;
      event.preventDefault();
      zoomWheel.current(event.deltaY < 0 ? 1 : -1);
    };
    root.addEventListener('wheel', onWheel, { passive: false });
    return () => root.removeEventListener('wheel', onWheel);
  }, []);

  const pick = (target: EventTarget) => {
    const element = target instanceof Element ? target.closest('[data-edge], [data-state]') : null;
    const edge = element?.getAttribute('data-edge');
    const state = element?.getAttribute('data-state');
    if (edge) onEdge(edge);
    else if (state) onState(state);
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    pick(event.target);
  };

  return (
    <div className="flow-diagram">
      <div className="flow-diagram__zoom" role="group" aria-label={t('flows.zoomHint')}>
        <button type="button" onClick={() => zoomBy(-1)} disabled={scale <= (ZOOMS[0] ?? 0)} aria-label={t('flows.zoomOut')}>−</button>
        <button type="button" onClick={() => setZoom(FULL_SIZE)} title={t('flows.zoomReset')}>{Math.round(scale * 100)} %</button>
        <button type="button" onClick={() => zoomBy(1)} disabled={scale >= (ZOOMS.at(-1) ?? 1)} aria-label={t('flows.zoomIn')}>+</button>
        <button type="button" className="flow-diagram__fit" onClick={() => setZoom('fit')} aria-pressed={zoom === 'fit'}>{t('flows.zoomFit')}</button>
        <span className="flow-diagram__hint">{t('flows.zoomHint')}</span>
      </div>
      <div
        ref={frame}
        className="flow-diagram__frame"
        role="figure"
        aria-label={label}
        // Focusable, so the arrow keys scroll a zoomed-in diagram.
        tabIndex={0}
        onClick={(event: MouseEvent) => pick(event.target)}
        onKeyDown={onKey}
        dangerouslySetInnerHTML={{ __html: svg }}
      />
    </div>
  );
}
