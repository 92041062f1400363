import { fromPromise } from 'xstate';
import {
  addContact, addParticipant, createGroup, deleteGroup, findPeople, getGroup, getGroupDirectory, getPerson,
  removeContact, removeParticipant, renameGroup, setGroupImage, setParticipantRole, setPrivacy, transferOwnership,
  DEFAULT_GROUP_ROLE, GROUP_ROLES, type GroupDetail, type GroupDirectory, type GroupRole, type GroupSummary, type Participant,
  type ParticipantRole, type Person, type Privacy,
} from '../contract/groups';
import { groupPopupMachine } from '../machines/group-popup/group-popup';
import type { GroupChange, SavedChange, SavedSubject } from '../machines/group-popup/group-popup-types';
import { peopleSearchMachine } from '../machines/people-search/people-search';
import { callApi } from './api';
import { callFailureText } from './call-failure';
import { t } from './i18n';
import { PictureFileError, pictureDataUrl } from './picture-file';
import { swappableCalls } from './swappable-calls';
import { showToast } from './toasts';

/** The calls of the group and users popup; view tests replace them with `provideGroupsCalls`. */
export interface GroupsCalls {
  directory(signal?: AbortSignal): Promise<GroupDirectory>;
  group(id: number, signal?: AbortSignal): Promise<GroupDetail>;
  person(userId: number, signal?: AbortSignal): Promise<Person>;
  findPeople(search: string, signal?: AbortSignal): Promise<Person[]>;
  createGroup(name: string): Promise<GroupDetail>;
  renameGroup(groupId: number, name: string): Promise<GroupDetail>;
  setGroupImage(groupId: number, dataUrl: string | null): Promise<GroupDetail>;
  addParticipant(groupId: number, userId: number, role: GroupRole): Promise<GroupDetail>;
  setRole(groupId: number, userId: number, role: GroupRole): Promise<GroupDetail>;
  removeParticipant(groupId: number, userId: number): Promise<GroupDetail | null>;
  transferOwnership(groupId: number, userId: number): Promise<GroupDetail>;
  deleteGroup(groupId: number): Promise<void>;
  addContact(userId: number): Promise<Person>;
  removeContact(userId: number): Promise<Person>;
  setPrivacy(privacy: Privacy): Promise<Privacy>;
}

const realCalls: GroupsCalls = {
  directory: (signal) => callApi(getGroupDirectory, { signal }),
  group: (id, signal) => callApi(getGroup, { query: { id: String(id) }, signal }),
  person: (userId, signal) => callApi(getPerson, { query: { userId: String(userId) }, signal }),
  findPeople: (search, signal) => callApi(findPeople, { body: { search }, signal }),
  createGroup: (name) => callApi(createGroup, { body: { name } }),
  renameGroup: (groupId, name) => callApi(renameGroup, { body: { groupId, name } }),
  setGroupImage: (groupId, dataUrl) => callApi(setGroupImage, { body: { groupId, dataUrl } }),
  addParticipant: (groupId, userId, role) => callApi(addParticipant, { body: { groupId, userId, role } }),
  setRole: (groupId, userId, role) => callApi(setParticipantRole, { body: { groupId, userId, role } }),
  removeParticipant: async (groupId, userId) => (await callApi(removeParticipant, { body: { groupId, userId } })).group,
  transferOwnership: (groupId, userId) => callApi(transferOwnership, { body: { groupId, userId } }),
  deleteGroup: async (groupId) => {
    await callApi(deleteGroup, { body: { groupId } });
  },
  addContact: (userId) => callApi(addContact, { body: { userId } }),
  removeContact: (userId) => callApi(removeContact, { body: { userId } }),
  setPrivacy: (privacy) => callApi(setPrivacy, { body: privacy }),
};

const callsSlot = swappableCalls<GroupsCalls>(realCalls);
export const provideGroupsCalls = callsSlot.provide;

const aboutGroup = (group: GroupDetail | null): SavedSubject => ({ kind: 'group', group });
const aboutPerson = (person: Person): SavedSubject => ({ kind: 'person', person });

async function apply(calls: GroupsCalls, change: GroupChange): Promise<SavedSubject> {
  switch (change.kind) {
    case 'createGroup': return aboutGroup(await calls.createGroup(change.name));
    case 'renameGroup': return aboutGroup(await calls.renameGroup(change.groupId, change.name));
    case 'setGroupImage': {
      const dataUrl = change.image === null ? null : await pictureDataUrl(change.image);
      return aboutGroup(await calls.setGroupImage(change.groupId, dataUrl));
    }
    case 'addParticipant': return aboutGroup(await calls.addParticipant(change.groupId, change.userId, change.role));
    case 'setRole': return aboutGroup(await calls.setRole(change.groupId, change.userId, change.role));
    case 'removeParticipant': return aboutGroup(await calls.removeParticipant(change.groupId, change.userId));
    case 'transferOwnership': return aboutGroup(await calls.transferOwnership(change.groupId, change.userId));
    case 'deleteGroup':
      await calls.deleteGroup(change.groupId);
      return aboutGroup(null);
    case 'addContact': return aboutPerson(await calls.addContact(change.userId));
    case 'removeContact': return aboutPerson(await calls.removeContact(change.userId));
    case 'setPrivacy':
      await calls.setPrivacy(change.privacy);
      return { kind: 'none' };
  }
}

/** Makes the change, then reads the directory again: the left column follows every change. */
export async function saveGroupChange(change: GroupChange | null): Promise<SavedChange> {
  if (change === null) throw new Error('saveGroupChange: nothing to save');
  const calls = callsSlot.current();
  const subject = await apply(calls, change);
  return { directory: await calls.directory(), subject };
}

/** What the toast says once a change is saved; nothing for those the card itself shows at once. */
export function savedText(change: GroupChange | null, saved: SavedChange): string | null {
  const { subject } = saved;
  const name = subject.kind === 'person' ? subject.person.name : subject.kind === 'group' ? subject.group?.name ?? '' : '';
  switch (change?.kind) {
    case 'createGroup': return t('groups.saved.created', { name });
    case 'renameGroup': return t('groups.saved.renamed');
    case 'addParticipant': {
      const added = subject.kind === 'group' ? subject.group?.participants.find((p) => p.person.id === change.userId) : undefined;
      return added ? t('groups.addParticipant.added', { name: added.person.name }) : null;
    }
    case 'removeParticipant': return t(subject.kind === 'group' && subject.group === null ? 'groups.saved.left' : 'groups.saved.removed');
    case 'transferOwnership': return t('groups.saved.transferred');
    case 'deleteGroup': return t('groups.saved.deleted');
    case 'addContact': return t('groups.saved.contactAdded', { name });
    case 'removeContact': return t('groups.saved.contactRemoved', { name });
    case 'setPrivacy': return t('groups.saved.privacy');
    default: return null;
  }
}

export function groupsFailureText(error: unknown): string {
  if (error instanceof PictureFileError) return t(`groups.image.${error.problem}`);
  return callFailureText('groups', error);
}

/** The popup with its calls; one actor per opening. */
export const groupPopupFlow = groupPopupMachine.provide({
  actors: {
    loadDirectory: fromPromise<GroupDirectory, void>(({ signal }) => callsSlot.current().directory(signal)),
    loadGroup: fromPromise<GroupDetail, { groupId: number }>(({ input, signal }) => callsSlot.current().group(input.groupId, signal)),
    loadPerson: fromPromise<Person, { userId: number }>(({ input, signal }) => callsSlot.current().person(input.userId, signal)),
    // No abort for a change: closing the popup must not leave the user unsure whether it was made.
    saveChange: fromPromise<SavedChange, GroupChange | null>(({ input }) => saveGroupChange(input)),
  },
  actions: {
    notifySaved: (_, params) => {
      const text = savedText(params.change, params.saved);
      if (text) showToast({ kind: 'success', text });
    },
    notifyFailure: (_, params) => showToast({ kind: 'error', text: groupsFailureText(params.error) }),
  },
});

/** The add-participant form's and the add-user card's search. */
export const peopleSearchFlow = peopleSearchMachine.provide({
  actors: {
    findPeople: fromPromise<Person[], { search: string }>(({ input, signal }) => callsSlot.current().findPeople(input.search, signal)),
  },
  actions: {
    // A failed list is only logged; the form offers to search again.
    logFailure: (_, params) => console.error('[groups] search failed', params.error),
  },
});

/** What the left column lists for a search: groups, then contacts, by name, phone, e-mail or ID. */
export type DirectoryItem = { kind: 'group'; group: GroupSummary } | { kind: 'person'; person: Person };

const matches = (query: string, ...fields: (string | number | null)[]) => {
  const wanted = query.trim().toLowerCase();
  const digits = wanted.replace(/\D/g, '');
  return wanted === '' || fields.some((field) => {
    if (field === null) return false;
    const value = String(field).toLowerCase();
    return value.includes(wanted) || (digits.length >= 4 && value.replace(/\D/g, '').includes(digits));
  });
};

export function searchDirectory(directory: GroupDirectory, query: string): DirectoryItem[] {
  return [
    ...directory.groups.filter((group) => matches(query, group.name, group.id)).map((group) => ({ kind: 'group' as const, group })),
    ...directory.contacts.filter((person) => matches(query, person.name, person.phone, person.email, person.id))
      .map((person) => ({ kind: 'person' as const, person })),
  ];
}

/** Setting participants' roles: the owner only. The card offers what the caller's role allows; the gateway checks again. */
export const canSetRoles = (myRole: ParticipantRole): boolean => myRole === 'owner';

/** The roles a new participant may be given: only the owner makes someone an admin. */
export const assignableRoles = (myRole: ParticipantRole): readonly GroupRole[] => (canSetRoles(myRole) ? GROUP_ROLES : [DEFAULT_GROUP_ROLE]);

/** Removing a participant of this role from the group menu: the owner anyone (its own row has no tick), an admin plain participants. */
export const canRemoveParticipant = (myRole: ParticipantRole, role: ParticipantRole | undefined): boolean =>
  canSetRoles(myRole) || (myRole === 'admin' && role === 'participant');

/** Whether a participant's row offers Delete (Leave on one's own): never the owner's; anyone else may leave. */
export const canRemoveOrLeave = (myRole: ParticipantRole, { person, role }: Participant): boolean =>
  role !== 'owner' && (canRemoveParticipant(myRole, role) || person.isMe);
