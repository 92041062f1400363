import type { ConfirmedChange, GroupChange, GroupChangeKind, SavedChange, SavedEvent } from './group-popup-types';

/** These changes ask first, each with its confirmation text. */
const CONFIRMED: readonly GroupChangeKind[] = ['removeParticipant', 'transferOwnership', 'deleteGroup', 'removeContact'];
export const needsConfirmation = (change: GroupChange): change is ConfirmedChange => CONFIRMED.includes(change.kind);

/** The events a saved change is raised as (see savedEvent). */
export const SAVED_EVENT_TYPES = ['change.groupSaved', 'change.groupGone', 'change.personSaved', 'change.saved'] as const;

/** What a saved change tells the regions: the group (or that it is gone), the person, or only the directory. */
export function savedEvent({ directory, subject }: SavedChange): SavedEvent {
  if (subject.kind === 'person') return { type: 'change.personSaved', directory, person: subject.person };
  if (subject.kind === 'none') return { type: 'change.saved', directory };
  return subject.group ? { type: 'change.groupSaved', directory, group: subject.group } : { type: 'change.groupGone', directory };
}

