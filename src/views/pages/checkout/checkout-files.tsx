import type { ReactNode } from 'react';
import { canSplitReview, linesForReview, linesWithoutFiles } from '../../../machines/checkout/checkout-rules';
import { useT } from '../../../services/i18n';
import { LocalLink } from '../../components/local-link';
import { CheckoutActor, useCheckoutSend } from './checkout-actor';

/**
 * The review's question for projects entered by hand: upload their files in the wizard, or say they
 * come later, and the order then waits at the engineering check for them. Nothing shows when every line has files.
 */
export function FilesQuestion() {
  const t = useT();
  const send = useCheckoutSend();
  const missing = CheckoutActor.useSelector((snapshot) => linesWithoutFiles(snapshot.context));
  const filesLater = CheckoutActor.useSelector((snapshot) => snapshot.context.filesLater);
  if (missing.length === 0) return null;
  return (
    <LinesQuestion
      id="checkout-files-title"
      className="checkout-files"
      title={t('checkout.files.title')}
      lead={t('checkout.files.lead')}
      choice={{
        checked: filesLater,
        label: t('checkout.files.later'),
        note: t(filesLater ? 'checkout.files.laterNote' : 'checkout.files.needed'),
        onChange: (checked) => send({ type: 'checkout.setFilesLater', filesLater: checked }),
      }}
    >
      {missing.map((line) => (
        <li key={line.id}>
          <span className="checkout-files__project">{line.title}</span>{' '}
          <LocalLink to={`/wizard-board?projectId=${line.projectId}`}>{t('checkout.files.upload')}</LocalLink>
        </li>
      ))}
    </LinesQuestion>
  );
}

/**
 * The review's word on lines added for an engineer's review of their DFM errors: the order is placed
 * held at the check until the engineer has decided, and the invoice comes after. Nothing shows without such lines.
 */
export function ReviewNote() {
  const t = useT();
  const send = useCheckoutSend();
  const lines = CheckoutActor.useSelector((snapshot) => linesForReview(snapshot.context));
  const canSplit = CheckoutActor.useSelector((snapshot) => canSplitReview(snapshot.context));
  const split = CheckoutActor.useSelector((snapshot) => snapshot.context.splitReview);
  if (lines.length === 0) return null;
  return (
    <LinesQuestion
      id="checkout-review-note-title"
      className="checkout-files checkout-review-note"
      title={t('checkout.dfmReview.title')}
      lead={t('checkout.dfmReview.lead')}
      choice={canSplit ? {
        checked: split,
        label: t('checkout.dfmReview.split'),
        note: t(split ? 'checkout.dfmReview.splitNote' : 'checkout.dfmReview.togetherNote'),
        onChange: (checked) => send({ type: 'checkout.setSplitReview', splitReview: checked }),
      } : undefined}
    >
      {lines.map((line) => (
        <li key={line.id} className="checkout-files__project">
          {line.title}
          {line.dfmReviewReason === 'layersCorrected' ? ` — ${t('checkout.dfmReview.layersCorrected')}` : null}
        </li>
      ))}
    </LinesQuestion>
  );
}

interface LinesQuestionProps {
  id: string;
  className: string;
  title: string;
  lead: string;
  /** A checkbox that answers for all the lines, and what the answer means. */
  choice?: { checked: boolean; label: string; note: string; onChange: (checked: boolean) => void };
  /** The lines, as `<li>`s. */
  children: ReactNode;
}

/** Some of the order's lines the review asks about, and the one answer given for them all. */
function LinesQuestion({ id, className, title, lead, choice, children }: LinesQuestionProps) {
  const placing = CheckoutActor.useSelector((snapshot) => snapshot.matches('placing'));
  return (
    <section className={className} aria-labelledby={id}>
      <h3 id={id} className="checkout-files__title">{title}</h3>
      <p className="checkout-files__lead">{lead}</p>
      <ul className="checkout-files__lines">{children}</ul>
      {choice ? (
        <>
          <label className="checkout-files__later">
            <input type="checkbox" checked={choice.checked} disabled={placing} onChange={(event) => choice.onChange(event.target.checked)} />
            {' '}{choice.label}
          </label>
          <p className="checkout-step__note">{choice.note}</p>
        </>
      ) : null}
    </section>
  );
}
