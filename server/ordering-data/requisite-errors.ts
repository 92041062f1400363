import type { LegalFormKind } from '../../src/contract/payers';
import type { RequisiteError, RequisiteProblem } from '../../src/contract/requisites';
import { ApiError } from '../http/errors';
import type { MessageKey } from '../http/messages';

type Messages = Partial<Record<RequisiteProblem, MessageKey>>;

/** A message per field and problem in the words a bookkeeper uses; every problem checkPayer can report. */
const MESSAGES: Record<string, Messages> = {
  inn: { required: 'requisiteInnRequired', digits: 'requisiteInnDigits', length: 'requisiteInnLength', checksum: 'requisiteInnChecksum' },
  kpp: { required: 'requisiteKppRequired', length: 'requisiteKppLength', format: 'requisiteKppFormat' },
  ogrn: { required: 'requisiteOgrnRequired', digits: 'requisiteOgrnDigits', length: 'requisiteOgrnLength', checksum: 'requisiteOgrnChecksum' },
  bik: { required: 'requisiteBikRequired', digits: 'requisiteBikDigits', length: 'requisiteBikLength', bikFirst: 'requisiteBikFirst' },
  settlementAccount: {
    required: 'requisiteSettlementRequired', digits: 'requisiteSettlementDigits', length: 'requisiteSettlementLength',
    checksum: 'requisiteSettlementChecksum',
  },
  correspondentAccount: {
    required: 'requisiteCorrespondentRequired', digits: 'requisiteCorrespondentDigits', length: 'requisiteCorrespondentLength',
    format: 'requisiteCorrespondentFormat', checksum: 'requisiteCorrespondentChecksum',
  },
};

/** 400 naming the field, with code `requisite_<problem>`. */
export function requisiteError(error: RequisiteError, kind: LegalFormKind): ApiError {
  const key = MESSAGES[error.field]?.[error.problem] ?? 'fieldFormat';
  return new ApiError(400, key, { kind, length: kind === 'legal' ? 10 : 12, field: error.field }, {
    field: error.field, code: `requisite_${error.problem}`,
  });
}
