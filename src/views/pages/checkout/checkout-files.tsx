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
  const placing = CheckoutActor.useSelector((snapshot) => snapshot.matches('placing'));
  if (missing.length === 0) return null;
  return (
    <section className="checkout-files" aria-labelledby="checkout-files-title">
      <h3 id="checkout-files-title" className="checkout-files__title">{t('checkout.files.title')}</h3>
      <p className="checkout-files__lead">{t('checkout.files.lead')}</p>
      <ul className="checkout-files__lines">
        {missing.map((line) => (
          <li key={line.id}>
            <span className="checkout-files__project">{line.title}</span>{' '}
            <LocalLink to={`/wizard-board?projectId=${line.projectId}`}>{t('checkout.files.upload')}</LocalLink>
          </li>
        ))}
      </ul>
      <label className="checkout-files__later">
        <input
          type="checkbox"
          checked={filesLater}
          disabled={placing}
          onChange={(event) => send({ type: 'checkout.setFilesLater', filesLater: event.target.checked })}
        />
        {' '}{t('checkout.files.later')}
      </label>
      <p className="checkout-step__note">{t(filesLater ? 'checkout.files.laterNote' : 'checkout.files.needed')}</p>
    </section>
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
  const placing = CheckoutActor.useSelector((snapshot) => snapshot.matches('placing'));
  if (lines.length === 0) return null;
  return (
    <section className="checkout-files checkout-review-note" aria-labelledby="checkout-review-note-title">
      <h3 id="checkout-review-note-title" className="checkout-files__title">{t('checkout.dfmReview.title')}</h3>
      <p className="checkout-files__lead">{t('checkout.dfmReview.lead')}</p>
      <ul className="checkout-files__lines">
        {lines.map((line) => (
          <li key={line.id} className="checkout-files__project">
            {line.title}
            {line.dfmReviewReason === 'layersCorrected' ? ` — ${t('checkout.dfmReview.layersCorrected')}` : null}
          </li>
        ))}
      </ul>
      {canSplit ? (
        <>
          <label className="checkout-files__later">
            <input
              type="checkbox"
              checked={split}
              disabled={placing}
              onChange={(event) => send({ type: 'checkout.setSplitReview', splitReview: event.target.checked })}
            />
            {' '}{t('checkout.dfmReview.split')}
          </label>
          <p className="checkout-step__note">{t(split ? 'checkout.dfmReview.splitNote' : 'checkout.dfmReview.togetherNote')}</p>
        </>
      ) : null}
    </section>
  );
}
