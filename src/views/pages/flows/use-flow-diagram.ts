import { useEffect, useMemo, useState } from 'react';
import type { MachineEntry } from '../../../machines/index';
import type { MachineCoverage } from '../../../services/flows/coverage';
import { overlayOf } from '../../../services/flows/coverage';
import { modelOfEntry } from '../../../services/flows/docs';
import type { FlowModel } from '../../../services/flows/flow-model';
import { layoutFlow, type FlowLayout } from '../../../services/flows/layout';
import { renderSvg } from '../../../services/flows/svg';

export type LayoutFunction = (model: FlowModel) => Promise<FlowLayout>;

// A layout takes ELK a moment; switching back to a machine reuses it.
const cache = new WeakMap<LayoutFunction, Map<string, Promise<FlowLayout>>>();

function layoutOnce(layout: LayoutFunction, id: string, model: FlowModel): Promise<FlowLayout> {
  const byId = cache.get(layout) ?? new Map<string, Promise<FlowLayout>>();
  cache.set(layout, byId);
  const known = byId.get(id) ?? layout(model);
  byId.set(id, known);
  return known;
}

export interface FlowDiagram {
  model: FlowModel;
  svg: string | null;
  failed: boolean;
}

/** The model of a registered machine and, once laid out, its SVG coloured by the coverage when there is one. */
export function useFlowDiagram(entry: MachineEntry, coverage: MachineCoverage | undefined, title: string, layout: LayoutFunction = layoutFlow): FlowDiagram {
  const model = useMemo(() => modelOfEntry(entry), [entry]);
  const [done, setDone] = useState<{ model: FlowModel; layout: FlowLayout | null } | null>(null);
  useEffect(() => {
    let current = true;
    layoutOnce(layout, entry.id, model).then(
      (result) => current && setDone({ model, layout: result }),
      (error: unknown) => {
        console.error('[flows] layout', error);
        if (current) setDone({ model, layout: null });
      },
    );
    return () => {
      current = false;
    };
  }, [layout, entry.id, model]);
  const ready = done?.model === model ? done.layout : null;
  const svg = useMemo(
    () => (ready ? renderSvg(ready, { coverage: coverage ? overlayOf(coverage) : undefined, title, idPrefix: `flow-${entry.id}-` }) : null),
    [ready, coverage, title, entry.id],
  );
  return { model, svg, failed: done?.model === model && done.layout === null };
}
