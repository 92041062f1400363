/** Spec 2.7/4: the popup's modes as the spec's 'change-popup-type' names them. */
export const GROUP_POPUP_TYPES = ['main', 'add-participant', 'add-user', 'create-group'] as const;
export type GroupPopupType = (typeof GROUP_POPUP_TYPES)[number];

/** Spec 6/8: the owner's actions and the contact removal, each behind its confirmation dialog. */
export type OwnerActionKind = 'removeParticipant' | 'transferOwnership' | 'removeGroup' | 'removeContact';

export interface PendingConfirmation {
  kind: OwnerActionKind;
  /** The participant or contact concerned; null for removing the group. */
  userId: number | null;
}

export interface GroupPopupContext {
  selectedIds: number[];
  /** The group whose card is open. */
  groupId: number | null;
  /** The user whose profile card is open. */
  profileId: number | null;
  /** The profile shown before the current one: closing the current one returns to it. */
  previousProfileId: number | null;
  confirmation: PendingConfirmation | null;
  /** An owner action was confirmed: the popup says these actions are not connected yet (spec 6: stubs). */
  ownerActionNotice: boolean;
}

export type GroupPopupEvent =
  | { type: 'popup.changeType'; popupType: GroupPopupType }
  | { type: 'popup.close' }
  | { type: 'user.toggleSelect'; id: number }
  | { type: 'user.openProperties'; id: number }
  | { type: 'profile.close' }
  | { type: 'group.open'; id: number }
  | { type: 'group.close' }
  | { type: 'owner.removeParticipant'; userId: number }
  | { type: 'owner.transferOwnership'; userId: number }
  | { type: 'owner.removeGroup' }
  | { type: 'contacts.remove'; userId: number }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' }
  | { type: 'notice.dismiss' };

/** What logOwnerAction receives: the spec's stubs log it and call nothing. */
export interface OwnerActionLog extends PendingConfirmation {
  groupId: number | null;
}
