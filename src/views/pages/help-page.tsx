import { helpParams } from '../../services/help-content';
import { useT } from '../../services/i18n';
import { Skeleton } from '../components/ui/skeleton';
import { HelpArticle } from './help/help-article';
import { HelpLinks } from './help/help-links';
import { useHelpContent } from './help/api/get-help-content';
import './help-page.css';

/**
 * /help: the knowledge centre — which files to send, what can be made, how prices are made, what the order statuses
 * mean, payment and delivery; then where things are in the portal and how to reach a person. A table of contents
 * links each article by its anchor (/help#help-files).
 */
export default function HelpPage({ title }: { title: string }) {
  const t = useT();
  const { content, failed } = useHelpContent();
  // Options named in the current language: `useT` renders the page again when it changes.
  const params = helpParams();
  const articles = content?.sections ?? [];
  return (
    <div className="page help-page">
      <h1 className="page__title">{title}</h1>
      <p className="help-page__intro">{t('help.intro')}</p>
      <nav className="card help-page__toc" aria-labelledby="help-contents">
        <h2 id="help-contents" tabIndex={-1}>{t('help.contents')}</h2>
        <ol>
          {articles.map((section) => <li key={section.id}><a href={`#help-${section.id}`}>{section.title}</a></li>)}
          <li><a href="#help-portal-links">{t('help.linksTitle')}</a></li>
        </ol>
      </nav>
      {content ? (
        articles.map((section) => <HelpArticle key={section.id} section={section} params={params} toTop={t('help.toTop')} />)
      ) : failed ? (
        <p className="help-page__failed" role="status">{t('help.failed')}</p>
      ) : (
        <Skeleton rows={6} imageSize={0} />
      )}
      <section className="help-page__links" aria-labelledby="help-portal-links">
        <h2 id="help-portal-links" tabIndex={-1}>{t('help.linksTitle')}</h2>
        <HelpLinks />
      </section>
    </div>
  );
}
