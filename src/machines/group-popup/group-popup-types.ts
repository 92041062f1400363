import type { GroupDetail, GroupDirectory, GroupRole, Person, Privacy } from '../../contract/groups';

/** The popup's modes as the spec's 'change-popup-type' names them. */
export type GroupPopupType = 'main' | 'add-participant' | 'add-user' | 'create-group';

/** These ask first, each with its confirmation text. */
export type ConfirmedChange =
  | { kind: 'removeParticipant'; groupId: number; userId: number }
  | { kind: 'transferOwnership'; groupId: number; userId: number }
  | { kind: 'deleteGroup'; groupId: number }
  | { kind: 'removeContact'; userId: number };

/** Made at once; a file is read (and checked) by the service that sends it. */
type DirectChange =
  | { kind: 'createGroup'; name: string }
  | { kind: 'renameGroup'; groupId: number; name: string }
  | { kind: 'setGroupImage'; groupId: number; image: File | null }
  | { kind: 'addParticipant'; groupId: number; userId: number; role: GroupRole }
  | { kind: 'setRole'; groupId: number; userId: number; role: GroupRole }
  | { kind: 'addContact'; userId: number }
  | { kind: 'setPrivacy'; privacy: Privacy };

export type GroupChange = ConfirmedChange | DirectChange;
export type GroupChangeKind = GroupChange['kind'];

/**
 * What a saved change leaves: the directory read again, and what the change was about — a group (null once it is
 * deleted or left), a person (a contact added or removed) or nothing to show (privacy).
 */
export type SavedSubject =
  | { kind: 'group'; group: GroupDetail | null }
  | { kind: 'person'; person: Person }
  | { kind: 'none' };

export interface SavedChange {
  directory: GroupDirectory;
  subject: SavedSubject;
}

export interface GroupPopupContext {
  directory: GroupDirectory | null;
  /** The group whose card is open (or loading), and what was loaded of it. */
  groupId: number | null;
  group: GroupDetail | null;
  /** The person whose card is open (or loading), and the one shown before: closing returns to it. */
  profileId: number | null;
  previousProfileId: number | null;
  profile: Person | null;
  /** Participants ticked on the group card: the group menu acts on them. */
  selectedIds: number[];
  confirmation: ConfirmedChange | null;
  saving: GroupChange | null;
}

export type GroupPopupEvent =
  | { type: 'popup.changeType'; popupType: GroupPopupType }
  | { type: 'popup.close' }
  | { type: 'popup.retry' }
  | { type: 'user.toggleSelect'; id: number }
  | { type: 'user.openProperties'; id: number }
  | { type: 'profile.close' }
  | { type: 'group.open'; id: number }
  | { type: 'group.close' }
  | { type: 'change.submit'; change: GroupChange }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' }
  /** Raised by the popup itself once a change is saved (see savedEvent), so each region follows what changed. */
  | SavedEvent;

export type SavedEvent =
  | { type: 'change.groupSaved'; directory: GroupDirectory; group: GroupDetail }
  | { type: 'change.groupGone'; directory: GroupDirectory }
  | { type: 'change.personSaved'; directory: GroupDirectory; person: Person }
  | { type: 'change.saved'; directory: GroupDirectory };
