import type { Lang } from '../http/messages';
import { renderLetter, type RenderedLetter } from './layout';
import { letterText } from './texts';

export interface InvitationLetterFacts { email: string; clientName: string; creatorName: string }

/** The letter to an invited e-mail: who invites, to which client, and to sign in or register with this e-mail to answer. */
export function invitationLetter(lang: Lang, publicUrl: string, facts: InvitationLetterFacts): RenderedLetter {
  const params = { client: facts.clientName, creator: facts.creatorName, email: facts.email };
  return renderLetter({
    lang,
    subject: letterText(lang, 'invitationSubject', params),
    preheader: letterText(lang, 'invitationPreheader', params),
    heading: letterText(lang, 'invitationHeading', params),
    greeting: letterText(lang, 'greetingNoName'),
    blocks: [
      { kind: 'text', text: letterText(lang, 'invitationIntro', params) },
      { kind: 'note', title: letterText(lang, 'todoTitle'), text: letterText(lang, 'invitationTodo', params) },
      { kind: 'button', label: letterText(lang, 'invitationButton'), href: `${publicUrl}${lang === 'en' ? '/en' : ''}/account/clients` },
    ],
    footer: { why: letterText(lang, 'invitationWhy', params) },
  });
}
