import { contactName } from '../../../contract/contacts';
import { legalName } from '../../../contract/legal-name';
import { clientsOf } from '../../../machines/checkout/checkout-rules';
import { formatPrice } from '../../../services/format';
import { formatPhone } from '../../../services/phone-format';
import { useT } from '../../../services/i18n';
import { EmptyState } from '../../components/empty-state';
import type { IconName } from '../../components/ui/icon';
import { CheckoutActor, useCheckoutSend } from './checkout-actor';
import { payerCodes } from './checkout-payer';
import { StepFrame } from './checkout-step';
import { ChoiceCards, type ChoiceOption } from './choice-cards';
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
  const chosen = CheckoutActor.useSelector((snapshot) => snapshot.context.payerId);
  const options = payers.map((payer) => ({
    id: payer.id,
    title: legalName(payer),
    details: [payerCodes(t, payer).join(', ')],
  }));
  return (
    <RecordStep
      step="payer"
      options={options}
      value={chosen}
      onChoose={(id) => send({ type: 'checkout.choosePayer', payerId: id })}
      icon="payer"
      addTo="/account/counteragents"
    />
  );
}

/** Who the manufacturer calls about the order. */
export function ContactStep() {
  const send = useCheckoutSend();
  const contacts = CheckoutActor.useSelector((snapshot) => snapshot.context.data?.contacts ?? NO_ITEMS);
  const chosen = CheckoutActor.useSelector((snapshot) => snapshot.context.contactId);
  const options = contacts.map((contact) => ({
    id: contact.id,
    title: contactName(contact),
    details: [contact.position, formatPhone(contact.phone), contact.email ?? ''],
  }));
  return (
    <RecordStep
      step="contact"
      options={options}
      value={chosen}
      onChoose={(id) => send({ type: 'checkout.chooseContact', contactId: id })}
      icon="contact"
      addTo="/account/contacts"
    />
  );
}

interface RecordStepProps {
  step: 'payer' | 'contact';
  options: ReadonlyArray<ChoiceOption<number>>;
  value: number | null;
  onChoose: (id: number) => void;
  icon: IconName;
  /** The account's page that adds one; it opens on the checkout's client. */
  addTo: '/account/counteragents' | '/account/contacts';
}

/** A step that chooses one of the client's records, or, with none yet, sends the user to add one. */
function RecordStep({ step, options, value, onChoose, icon, addTo }: RecordStepProps) {
  const t = useT();
  const send = useCheckoutSend();
  const clientId = CheckoutActor.useSelector((snapshot) => snapshot.context.clientId);
  return (
    <StepFrame step={step} lead={t(`checkout.${step}.lead`)} blockedReason={t(`checkout.${step}.blocked`)}>
      {options.length ? (
        <ChoiceCards
          legend={t(`checkout.${step}.legend`)}
          name={`checkout-${step}`}
          options={options}
          value={value}
          onChoose={onChoose}
          onEnter={() => send({ type: 'checkout.next' })}
        />
      ) : (
        <EmptyState
          icon={icon}
          headingLevel={3}
          title={t(`checkout.${step}.none`)}
          text={t(`checkout.${step}.noneText`)}
          action={{ label: t(`checkout.${step}.add`), to: `${addTo}?clientId=${clientId ?? ''}`, icon: 'plus' }}
        />
      )}
    </StepFrame>
  );
}
