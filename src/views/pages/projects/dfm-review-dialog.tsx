import { useT } from '../../../services/i18n';
import { Modal } from '../../components/ui/modal';

interface DfmReviewDialogProps {
  /** What was refused (a project's or a kit's name) and the gateway's words on why; null while closed. */
  refusal: { name: string; text: string } | null;
  /** A kit sends its boards with errors for review, the others go as they are. */
  kind?: 'project' | 'kit';
  busy: boolean;
  /** Adds the project again, for an engineer's review. */
  onReview: () => void;
  onCancel: () => void;
}

/**
 * A project (or a kit) refused at the cart for DFM errors: the gateway's words on why, what ordering it for an
 * engineer's review means (the order waits at the check, nothing is invoiced before), and the button that does it.
 * The other ways out (the finding's cure, other files) are on the project page.
 */
export function DfmReviewDialog({ refusal, kind = 'project', busy, onReview, onCancel }: DfmReviewDialogProps) {
  const t = useT();
  return (
    <Modal
      open={refusal !== null}
      onOpenChange={(open) => (open ? undefined : onCancel())}
      title={t('projects.dfmReview.title', { title: refusal?.name ?? '' })}
      role="alertdialog"
      width={480}
    >
      <div className="ui-confirm dfm-review">
        <p className="dfm-review__why">{refusal?.text}</p>
        <p className="dfm-review__what">{t(kind === 'kit' ? 'projects.dfmReview.textKit' : 'projects.dfmReview.text')}</p>
        {/* Cancel first: it is what the dialog focuses, the safe choice. */}
        <div className="ui-confirm__actions">
          <button type="button" className="ui-button ui-button--secondary" onClick={onCancel}>
            {t('projects.dfmReview.cancel')}
          </button>
          <button type="button" className="ui-button ui-button--primary" disabled={busy} aria-busy={busy || undefined} onClick={onReview}>
            {t('projects.dfmReview.order')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
