import { useState } from 'react';
import { useT } from '../../../services/i18n';

/** The product spec's board state: which panels of the project page are on. */
export const BOARD_PANELS = ['layers', 'threeD', 'errors', 'parameters', 'info'] as const;
export type BoardPanel = (typeof BOARD_PANELS)[number];
export type BoardPanels = Record<BoardPanel, boolean>;

const INITIAL: BoardPanels = { layers: false, threeD: false, errors: true, parameters: true, info: true };

export function useBoardPanels() {
  const [panels, setPanels] = useState<BoardPanels>(INITIAL);
  return { panels, toggle: (panel: BoardPanel) => setPanels((current) => ({ ...current, [panel]: !current[panel] })) };
}

interface BoardTogglesProps {
  panels: BoardPanels;
  onToggle: (panel: BoardPanel) => void;
  /** A project entered by hand has no files: no layers, no 3D view, no file alerts. */
  hasFiles: boolean;
  alertCount: number;
}

/** The row of panel switches: toggle buttons, pressed while their panel shows. */
export function BoardToggles({ panels, onToggle, hasFiles, alertCount }: BoardTogglesProps) {
  const t = useT();
  const needsFiles = (panel: BoardPanel) => panel === 'layers' || panel === 'threeD' || panel === 'errors';
  return (
    <div className="project-toggles" role="group" aria-label={t('project.toggles.label')}>
      {BOARD_PANELS.map((panel) => {
        const unavailable = !hasFiles && needsFiles(panel);
        return (
          <button
            key={panel}
            type="button"
            className="project-toggle"
            aria-pressed={!unavailable && panels[panel]}
            disabled={unavailable}
            onClick={() => onToggle(panel)}
          >
            {t(`project.toggles.${panel}`)}
            {panel === 'errors' && hasFiles && alertCount > 0 ? <span className="project-toggle__count">{alertCount}</span> : null}
          </button>
        );
      })}
    </div>
  );
}
