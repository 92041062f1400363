import { DFM_CLASS_FIELDS } from '../../../contract/dfm';
import { classStanding } from '../../../contract/dfm-classes';
import { useT } from '../../../services/i18n';
import { useCapabilities } from '../../components/board-findings/api/get-capabilities';
import { limitMm } from '../../components/board-findings/finding-words';
import { WizardActor } from './wizard-actor';

/** A note beside a field: what the files say of it; `warn` when the value chosen goes against them. */
export interface FieldNote { text: string; warn: boolean }

const isClassField = (field: string): field is (typeof DFM_CLASS_FIELDS)[number] => (DFM_CLASS_FIELDS as readonly string[]).includes(field);

/**
 * A class field where the files need a finer class than the coarsest: that it holds the class chosen from
 * them, or what a coarser one means for the order.
 */
export function useClassNote(field: string): FieldNote | null {
  const t = useT();
  const dfm = WizardActor.useSelector((snapshot) => (isClassField(field) ? snapshot.context.analysis?.dfm ?? null : null));
  const params = WizardActor.useSelector((snapshot) => snapshot.context.params);
  const table = useCapabilities(dfm !== null).data;
  if (!dfm || !table || !isClassField(field)) return null;
  const standing = classStanding(dfm, table, params, field);
  if (!standing || standing.standing === 'finer') return null;
  if (standing.standing === 'chosen') return { text: t('wizard.parameters.classFromFiles'), warn: false };
  const key = field === 'board.minTrackMm' ? standing.needed.minTrackMm : standing.needed.minHoleMm;
  return { text: t('wizard.parameters.classBelowFiles', { value: limitMm(key) }), warn: true };
}
