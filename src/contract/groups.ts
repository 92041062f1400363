import { array, boolean, enums, nullable, number, object, string, type Infer } from 'superstruct';
import { defineCall } from './call';
import { AVATAR_MAX_BYTES } from './credentials';
import { entityId, entityIdParam, okResponse, requiredText, text } from './fields';

/**
 * The group and users popup. A user's groups (each with an owner and participants) and contacts are
 * stored per user; people are found only among the members of the caller's clients. Who may do what is written in
 * docs/decisions.md ("Groups and users popup").
 */

/** The role dropdown offers two roles; 'participant' is the default. The owner is shown as 'owner'. */
export const GROUP_ROLES = ['participant', 'admin'] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];
export const groupRole = enums(GROUP_ROLES);
export const DEFAULT_GROUP_ROLE: GroupRole = 'participant';
export const participantRole = enums(['owner', ...GROUP_ROLES]);
export type ParticipantRole = Infer<typeof participantRole>;

export const GROUP_NAME_MAX = 100;
/** A popup list, not a mailing list: past these a group or an address book is something else. */
export const GROUPS_PER_OWNER_MAX = 100;
export const PARTICIPANTS_PER_GROUP_MAX = 200;
export const CONTACTS_MAX = 500;
/** People a search answers at most: a search is narrowed by typing, never paged. */
export const FOUND_PEOPLE_MAX = 20;

/**
 * A person as the caller may see them (the popup's participant card). `phone` and `email` are null when the person
 * hid them (`…IsHidden`) or when the caller shares no client with them (`isColleague` false).
 */
export const person = object({
  id: number(),
  name: string(),
  avatar: nullable(string()),
  phone: nullable(string()),
  email: nullable(string()),
  phoneIsHidden: boolean(),
  emailIsHidden: boolean(),
  isColleague: boolean(),
  inContacts: boolean(),
  isMe: boolean(),
});
export type Person = Infer<typeof person>;

export const participant = object({ person, role: participantRole });
export type Participant = Infer<typeof participant>;

export const groupSummary = object({
  id: number(),
  name: string(),
  image: nullable(string()),
  participantsCount: number(),
  isOwner: boolean(),
});
export type GroupSummary = Infer<typeof groupSummary>;

/** A group as one of its participants sees it; `myRole` decides what the card offers (the gateway checks again). */
export const groupDetail = object({
  id: number(),
  name: string(),
  image: nullable(string()),
  ownerId: number(),
  myRole: participantRole,
  participants: array(participant),
});
export type GroupDetail = Infer<typeof groupDetail>;

/** The caller's own choice of what colleagues see. */
export const privacy = object({ phoneIsHidden: boolean(), emailIsHidden: boolean() });
export type Privacy = Infer<typeof privacy>;

/** The popup's left column: the groups the caller takes part in and the caller's contacts. */
export const groupDirectory = object({ groups: array(groupSummary), contacts: array(person), privacy });
export type GroupDirectory = Infer<typeof groupDirectory>;

export const getGroupDirectory = defineCall({
  method: 'GET', path: '/account/Groups/Directory', access: 'user', response: groupDirectory,
});

export const getGroup = defineCall({
  method: 'GET', path: '/account/Groups/Get', access: 'user', query: object({ id: entityIdParam }), response: groupDetail,
});

/** Any colleague, contact or fellow participant; anyone else answers 404 as if there were nobody. */
export const getPerson = defineCall({
  method: 'GET', path: '/account/Groups/GetPerson', access: 'user', query: object({ userId: entityIdParam }), response: person,
});

/** POST, so what is searched for (a phone, an e-mail) stays out of URLs and access logs. */
export const findPeopleRequest = object({ search: text(100) });
export const findPeople = defineCall({
  method: 'POST', path: '/account/Groups/FindPeople', access: 'user', body: findPeopleRequest, response: array(person),
});

const groupName = requiredText(GROUP_NAME_MAX);
export const createGroup = defineCall({
  method: 'POST', path: '/account/Groups/Create', access: 'user', body: object({ name: groupName }), response: groupDetail,
});
export const renameGroup = defineCall({
  method: 'POST', path: '/account/Groups/Rename', access: 'user', body: object({ groupId: entityId, name: groupName }), response: groupDetail,
});

/** PNG, JPEG or WebP as a data URL, at most AVATAR_MAX_BYTES; null removes the image. */
export const GROUP_IMAGE_BODY_LIMIT = Math.ceil((AVATAR_MAX_BYTES * 4) / 3) + 1024;
export const setGroupImage = defineCall({
  method: 'POST', path: '/account/Groups/SetImage', access: 'user',
  body: object({ groupId: entityId, dataUrl: nullable(requiredText(GROUP_IMAGE_BODY_LIMIT)) }), response: groupDetail,
});

export const addParticipant = defineCall({
  method: 'POST', path: '/account/Groups/AddParticipant', access: 'user',
  body: object({ groupId: entityId, userId: entityId, role: groupRole }), response: groupDetail,
});
export const setParticipantRole = defineCall({
  method: 'POST', path: '/account/Groups/SetRole', access: 'user',
  body: object({ groupId: entityId, userId: entityId, role: groupRole }), response: groupDetail,
});

/** `group` is null when the caller removed themselves (left) and no longer sees it. */
export const removeParticipantResponse = object({ group: nullable(groupDetail) });
export const removeParticipant = defineCall({
  method: 'POST', path: '/account/Groups/RemoveParticipant', access: 'user',
  body: object({ groupId: entityId, userId: entityId }), response: removeParticipantResponse,
});
export const transferOwnership = defineCall({
  method: 'POST', path: '/account/Groups/TransferOwnership', access: 'user',
  body: object({ groupId: entityId, userId: entityId }), response: groupDetail,
});
export const deleteGroup = defineCall({
  method: 'POST', path: '/account/Groups/Delete', access: 'user', body: object({ groupId: entityId }), response: okResponse,
});

export const addContact = defineCall({
  method: 'POST', path: '/account/Groups/AddContact', access: 'user', body: object({ userId: entityId }), response: person,
});
export const removeContact = defineCall({
  method: 'POST', path: '/account/Groups/RemoveContact', access: 'user', body: object({ userId: entityId }), response: person,
});
export const setPrivacy = defineCall({
  method: 'POST', path: '/account/Groups/SetPrivacy', access: 'user', body: privacy, response: privacy,
});
