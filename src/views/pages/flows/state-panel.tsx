import { useEffect, useRef } from 'react';
import type { FlowModel } from '../../../services/flows/flow-model';
import { useT } from '../../../services/i18n';
import { shortName } from './active-states';


/** What one state does: its actions, tags, invoked actors and where its transitions lead. Escape closes it. */
export function StatePanel({ model, stateId, onClose }: { model: FlowModel; stateId: string; onClose: () => void }) {
  const t = useT();
  const closeRef = useRef<HTMLButtonElement>(null);
  const node = model.nodes.find((candidate) => candidate.id === stateId);

  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [stateId, onClose]);

  if (!node) return null;
  const list = (items: readonly string[]) => (items.length ? items.join(', ') : t('flows.panel.none'));
  const outgoing = model.edges.filter((edge) => edge.source === node.id);
  return (
    <aside className="flow-panel" aria-label={`${t('flows.panel.state')} ${node.key}`}>
      <header className="flow-panel__header">
        <h2>{node.key}</h2>
        <button ref={closeRef} type="button" className="flow-panel__close" onClick={onClose} aria-label={t('flows.panel.close')}>×</button>
      </header>
      <dl className="flow-panel__facts">
        <dt>{t('flows.panel.id')}</dt><dd><code>{node.id}</code></dd>
        <dt>{t('flows.panel.type')}</dt><dd>{t(`flows.panel.types.${node.type}`)}</dd>
        <dt>{t('flows.panel.tags')}</dt><dd>{list(node.tags)}</dd>
        <dt>{t('flows.panel.entry')}</dt><dd>{list(node.entry)}</dd>
        <dt>{t('flows.panel.exit')}</dt><dd>{list(node.exit)}</dd>
        <dt>{t('flows.panel.invoke')}</dt><dd>{list(node.invoke.map((invoke) => invoke.src))}</dd>
      </dl>
      <h3>{t('flows.panel.outgoing')}</h3>
      {outgoing.length ? (
        <ul className="flow-panel__edges">
          {outgoing.map((edge) => (
            <li key={edge.key}>
              <code>{edge.label}</code> → {edge.targets.length ? edge.targets.map((target) => shortName(model, target)).join(', ') : t('flows.panel.stays')}
            </li>
          ))}
        </ul>
      ) : <p>{t('flows.panel.none')}</p>}
    </aside>
  );
}
