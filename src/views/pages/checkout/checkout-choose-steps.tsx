import { legalName } from '../../../contract/legal-name';
import { clientsOf } from '../../../machines/checkout/checkout-rules';
import { formatPrice } from '../../../services/format';
import { formatPhone } from '../../../services/phone-format';
import { useT } from '../../../services/i18n';
import { EmptyState } from '../../components/empty-state';
import { CheckoutActor, useCheckoutSend } from './checkout-actor';
import { StepFrame } from './checkout-step';
import { ChoiceCards } from './choice-cards';
import { pluralText } from '../../../services/plural';

const NO_ITEMS: never[] = [];

/** The client to order for, when the cart holds lines of several. */
export function ClientStep() {
  const t = useT();
  const send = useCheckoutSend();
  const groups = CheckoutActor.useSelector((snapshot) => clientsOf(snapshot.context), (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const clientId = CheckoutActor.useSelector((snapshot) => snapshot.context.clientId);
  const options = groups.map((group) => ({
    id: group.clientId,
    title: group.clientName,
    details: [pluralText(t, 'checkout.client.lines', group.orderable.length, { price: formatPrice(group.subtotal) })],
  }));
  return (
    <StepFrame step="client" lead={t('checkout.client.lead')} blockedReason={t('checkout.client.blocked')}>
      <ChoiceCards
        legend={t('checkout.client.legend')}
        name="checkout-client"
        options={options}
        value={clientId}
        onChoose={(id) => send({ type: 'checkout.chooseClient', clientId: id })}
        onEnter={() => send({ type: 'checkout.next' })}
      />
    </StepFrame>
  );
}

/** Who the invoice is made out to. */
export function PayerStep() {
  const t = useT();
  const send = useCheckoutSend();
  const payers = CheckoutActor.useSelector((snapshot) => snapshot.context.data?.payers ?? NO_ITEMS);
  const chosen = CheckoutActor.useSelector((snapshot) => snapshot.context.counteragentId);
  const clientId = CheckoutActor.useSelector((snapshot) => snapshot.context.clientId);
  const options = payers.map((payer) => ({
    id: payer.id,
    title: legalName(payer),
    details: [[t('checkout.payer.inn', { inn: payer.inn }), payer.kpp ? t('checkout.payer.kpp', { kpp: payer.kpp }) : ''].filter(Boolean).join(', ')],
  }));
  return (
    <StepFrame step="payer" lead={t('checkout.payer.lead')} blockedReason={t('checkout.payer.blocked')}>
      {options.length ? (
        <ChoiceCards
          legend={t('checkout.payer.legend')}
          name="checkout-payer"
          options={options}
          value={chosen}
          onChoose={(id) => send({ type: 'checkout.choosePayer', counteragentId: id })}
          onEnter={() => send({ type: 'checkout.next' })}
        />
      ) : (
        <EmptyState
          icon="counteragent"
          headingLevel={3}
          title={t('checkout.payer.none')}
          text={t('checkout.payer.noneText')}
          action={{ label: t('checkout.payer.add'), to: `/account/counteragents?clientId=${clientId ?? ''}`, icon: 'plus' }}
        />
      )}
    </StepFrame>
  );
}

/** Who the manufacturer calls about the order. */
export function ContactStep() {
  const t = useT();
  const send = useCheckoutSend();
  const contacts = CheckoutActor.useSelector((snapshot) => snapshot.context.data?.contacts ?? NO_ITEMS);
  const chosen = CheckoutActor.useSelector((snapshot) => snapshot.context.contactId);
  const clientId = CheckoutActor.useSelector((snapshot) => snapshot.context.clientId);
  const options = contacts.map((contact) => ({
    id: contact.id,
    title: [contact.lastName, contact.firstName, contact.middleName].filter(Boolean).join(' '),
    details: [contact.position, formatPhone(contact.phone), contact.email ?? ''],
  }));
  return (
    <StepFrame step="contact" lead={t('checkout.contact.lead')} blockedReason={t('checkout.contact.blocked')}>
      {options.length ? (
        <ChoiceCards
          legend={t('checkout.contact.legend')}
          name="checkout-contact"
          options={options}
          value={chosen}
          onChoose={(id) => send({ type: 'checkout.chooseContact', contactId: id })}
          onEnter={() => send({ type: 'checkout.next' })}
        />
      ) : (
        <EmptyState
          icon="contact"
          headingLevel={3}
          title={t('checkout.contact.none')}
          text={t('checkout.contact.noneText')}
          action={{ label: t('checkout.contact.add'), to: `/account/contacts?clientId=${clientId ?? ''}`, icon: 'plus' }}
        />
      )}
    </StepFrame>
  );
}
