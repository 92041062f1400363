import type { MachineEntry } from './shared/registry-entry';
import { accessRequestModal } from './access-request-modal/registry';
import { cart } from './cart/registry';
import { checkout } from './checkout/registry';
import { clientCreation } from './client-creation/registry';
import { clientRestoration } from './client-restoration/registry';
import { credentialChange } from './credential-change/registry';
import { groupPopup } from './group-popup/registry';
import { inviteModal } from './invite-modal/registry';
import { login } from './login/registry';
import { notificationsPopup } from './notifications-popup/registry';
import { orderLifecycle } from './order-lifecycle/registry';
import { peopleSearch } from './people-search/registry';
import { priceQuote } from './price-quote/registry';
import { profileCompletion } from './profile-completion/registry';
import { quote } from './quote/registry';
import { registration } from './registration/registry';
import { listPaging } from './list-paging/registry';
import { reserveConfirmation } from './reserve-confirmation/registry';
import { session } from './session/registry';
import { staffSignIn } from './staff-sign-in/registry';
import { updatesPopup } from './updates-popup/registry';
import { wizardBoard } from './wizard-board/registry';

/**
 * THE REGISTRY of every machine: the flow visualizer draws them, `npm run flows` exports them, and the model-based
 * tests walk them with the sample events and actor outputs each flow's folder gives in its `registry.ts`.
 */
export type { MachineEntry };

export const machineRegistry: readonly MachineEntry[] = [
  session, login, registration, profileCompletion, listPaging, notificationsPopup, updatesPopup, groupPopup, peopleSearch,
  credentialChange, reserveConfirmation, clientCreation, clientRestoration, accessRequestModal, inviteModal, wizardBoard,
  priceQuote, orderLifecycle, cart, checkout, quote, staffSignIn,
];
