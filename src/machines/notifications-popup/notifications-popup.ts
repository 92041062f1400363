import { and, assertEvent, assign, sendTo, setup, stateIn } from 'xstate';
import type { Notification } from '../../contract/notifications';
import { listPagingMachineFor } from '../list-paging/list-paging';
import { notProvided } from '../shared/not-provided';
import { errorOf } from '../shared/transitions';
import { NOTIFICATION_LISTS, READ_AT_UNKNOWN } from './notifications-popup-rules';
import type {
  ChangeReadStatusInput, ChangeReadStatusOutput, NotificationsPopupContext, NotificationsPopupEvent,
  NotificationsPopupInput,
} from './notifications-popup-types';

const isPopupOpen = stateIn('#notificationsPopup.popup.open');
const isPending = (context: NotificationsPopupContext, id: number) => context.pending.some((change) => change.id === id);
const positiveNumber = (value: unknown): number | null =>
  (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null);
const savedChange = ({ context }: { context: NotificationsPopupContext }) => context.pending[0] ?? { id: 0, read: true };
/** The gateway's unread count after the saved change, with the changes still waiting counted in as the clicks did. */
const unreadAfterSave = ({ context, event }: { context: NotificationsPopupContext; event: { output: ChangeReadStatusOutput } }) => ({
  count: context.pending.slice(1).reduce((count, change) => count + (change.read ? -1 : 1), event.output.unreadCount),
});

/**
 * The header's notifications popup. Each tab's list is a list-paging child (`list`); read-state
 * changes count at once (and tell the session's badge through adjustUnread), then go to the gateway one at a
 * time in the readStatus region, which outlives the popup so a close does not drop them. A failed change is
 * undone and logged.
 */
export const notificationsPopupMachine = setup({
  types: {
    context: {} as NotificationsPopupContext,
    events: {} as NotificationsPopupEvent,
    input: {} as NotificationsPopupInput,
    children: {} as { list: 'list'; changeReadStatus: 'changeReadStatus' },
  },
  actors: {
    list: listPagingMachineFor<Notification>(),
    changeReadStatus: notProvided<ChangeReadStatusOutput, ChangeReadStatusInput>('changeReadStatus'),
  },
  actions: {
    reloadUser: () => {},
    adjustUnread: (_, _params: { delta: number }) => {},
    setUnread: (_, _params: { count: number }) => {},
    openAccessRequest: (_, _params: { requestId: number }) => {},
    openInvitation: (_, _params: { invitationId: number }) => {},
    logFailure: (_, _params: { error: unknown }) => {},
    assignOpenCount: assign(({ context, event }) => {
      assertEvent(event, 'popup.open');
      return { unreadCount: Math.max(0, event.unreadCount ?? context.unreadCount) };
    }),
    countUnread: assign(({ context }, params: { delta: number }) => ({
      unreadCount: Math.max(0, context.unreadCount + params.delta),
    })),
    assignUnread: assign((_, params: { count: number }) => ({ unreadCount: Math.max(0, params.count) })),
    queueChange: assign(({ context }, params: { id: number; read: boolean }) => ({
      pending: [...context.pending, { id: params.id, read: params.read }],
    })),
    dropSavedChange: assign(({ context }) => ({ pending: context.pending.slice(1) })),
    patchItem: sendTo('list', (_, params: { id: number; readAt: string | null }) => ({
      type: 'list.updateItem' as const,
      id: params.id,
      changes: { readAt: params.readAt },
    })),
  },
  guards: {
    hasUnreadOnOpen: ({ context, event }) => event.type === 'popup.open' && (event.unreadCount ?? context.unreadCount) > 0,
    isNewTab: ({ event }) => event.type === 'popup.selectTab' && event.tab === 'new',
    isAllTab: ({ event }) => event.type === 'popup.selectTab' && event.tab === 'all',
    isAccessRequest: ({ event }) =>
      event.type === 'item.activate' && event.notificationType === 'ClientAccessRequest' && positiveNumber(event.content.RequestId) !== null,
    isInvitation: ({ event }) =>
      event.type === 'item.activate' && event.notificationType === 'InvitationToClient' && positiveNumber(event.content.InvitationId) !== null,
    /** One change per notification in flight: a second click before the gateway answered changes nothing. */
    canMarkRead: ({ context, event }) => event.type === 'item.activate' && !event.read && !isPending(context, event.id),
    canMarkUnread: ({ context, event }) => event.type === 'item.markUnread' && !isPending(context, event.id),
    hasPendingChanges: ({ context }) => context.pending.length > 0,
    /** A count made while a change is on its way may or may not include it: only a settled one is taken. */
    isSettledCount: ({ context, event }) =>
      event.type === 'popup.unreadCounted' && context.pending.length === 0 && event.count !== context.unreadCount,
    isPopupOpen,
  },
}).createMachine({
  id: 'notificationsPopup',
  type: 'parallel',
  context: ({ input }) => ({ unreadCount: Math.max(0, input.unreadCount), pending: [] }),
  states: {
    popup: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            // The summary is asked again on open: notifications that came since it was loaded count at once.
            'popup.open': [
              { guard: 'hasUnreadOnOpen', target: 'open.new', actions: ['assignOpenCount', 'reloadUser'] },
              { target: 'open.all', actions: ['assignOpenCount', 'reloadUser'] },
            ],
          },
        },
        open: {
          initial: 'new',
          on: {
            // The badge comes from the user summary: reloading it re-syncs whatever happened meanwhile.
            'popup.close': { target: 'closed', actions: 'reloadUser' },
            'item.activate': [
              {
                guard: 'isAccessRequest',
                actions: {
                  type: 'openAccessRequest',
                  params: ({ event }) => ({ requestId: event.type === 'item.activate' ? Number(event.content.RequestId) : 0 }),
                },
              },
              {
                guard: 'isInvitation',
                actions: {
                  type: 'openInvitation',
                  params: ({ event }) => ({ invitationId: event.type === 'item.activate' ? Number(event.content.InvitationId) : 0 }),
                },
              },
            ],
          },
          states: {
            new: {
              invoke: { id: 'list', src: 'list', input: NOTIFICATION_LISTS.new },
              on: { 'popup.selectTab': { guard: 'isAllTab', target: 'all' } },
            },
            all: {
              invoke: { id: 'list', src: 'list', input: NOTIFICATION_LISTS.all },
              on: { 'popup.selectTab': { guard: 'isNewTab', target: 'new' } },
            },
          },
        },
      },
    },
    readStatus: {
      initial: 'idle',
      on: {
        'item.activate': {
          guard: and(['canMarkRead', 'isPopupOpen']),
          actions: [
            { type: 'countUnread', params: { delta: -1 } },
            { type: 'adjustUnread', params: { delta: -1 } },
            { type: 'queueChange', params: ({ event }) => ({ id: event.id, read: true }) },
            { type: 'patchItem', params: ({ event }) => ({ id: event.id, readAt: READ_AT_UNKNOWN }) },
          ],
        },
        'item.markUnread': {
          guard: and(['canMarkUnread', 'isPopupOpen']),
          actions: [
            { type: 'countUnread', params: { delta: 1 } },
            { type: 'adjustUnread', params: { delta: 1 } },
            { type: 'queueChange', params: ({ event }) => ({ id: event.id, read: false }) },
            { type: 'patchItem', params: ({ event }) => ({ id: event.id, readAt: null }) },
          ],
        },
      },
      states: {
        idle: {
          always: { guard: 'hasPendingChanges', target: 'saving' },
          // The gateway's count wins over one counted by clicks since the summary was loaded: the tab and the badge follow it.
          on: {
            'popup.unreadCounted': {
              guard: 'isSettledCount',
              actions: [
                { type: 'assignUnread', params: ({ event }) => ({ count: event.count }) },
                { type: 'setUnread', params: ({ event }) => ({ count: event.count }) },
              ],
            },
          },
        },
        saving: {
          invoke: {
            id: 'changeReadStatus',
            src: 'changeReadStatus',
            input: savedChange,
            onDone: [
              {
                guard: 'isPopupOpen',
                target: 'idle',
                actions: [
                  { type: 'patchItem', params: ({ event }) => ({ id: event.output.id, readAt: event.output.readAt }) },
                  { type: 'assignUnread', params: unreadAfterSave },
                  { type: 'setUnread', params: unreadAfterSave },
                  'dropSavedChange',
                ],
              },
              {
                target: 'idle',
                actions: [{ type: 'assignUnread', params: unreadAfterSave }, { type: 'setUnread', params: unreadAfterSave }, 'dropSavedChange'],
              },
            ],
            // Undo what the click did: the count, the badge and (when still shown) the item.
            onError: [
              {
                guard: 'isPopupOpen',
                target: 'idle',
                actions: [
                  { type: 'countUnread', params: (args) => ({ delta: savedChange(args).read ? 1 : -1 }) },
                  { type: 'adjustUnread', params: (args) => ({ delta: savedChange(args).read ? 1 : -1 }) },
                  {
                    type: 'patchItem',
                    params: (args) => ({ id: savedChange(args).id, readAt: savedChange(args).read ? null : READ_AT_UNKNOWN }),
                  },
                  'dropSavedChange',
                  { type: 'logFailure', params: errorOf },
                ],
              },
              {
                target: 'idle',
                actions: [
                  { type: 'countUnread', params: (args) => ({ delta: savedChange(args).read ? 1 : -1 }) },
                  { type: 'adjustUnread', params: (args) => ({ delta: savedChange(args).read ? 1 : -1 }) },
                  'dropSavedChange',
                  { type: 'logFailure', params: errorOf },
                ],
              },
            ],
          },
        },
      },
    },
  },
});
