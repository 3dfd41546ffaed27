/** A1: the invitation and « mot de passe oublié » messages, in the reader's language, through the outbox. */
import type { Language } from '../../../contracts/http';
import type { Executor } from '../../db/client';
import { queueMail } from '../mail/outbox';
import { render } from '../mail/templates';

export const invitationPath = (token: string) => `/invitation/${token}`;
export const resetPath = (token: string) => `/reset-password/${token}`;

interface Recipient {
  companyId: string;
  email: string;
  firstName: string;
  lastName: string;
  locale: string;
}

const hoursOf = (seconds: number) => String(Math.max(1, Math.round(seconds / 3600)));
const minutesOf = (seconds: number) => String(Math.round(seconds / 60));

export async function queueInvitationMail(
  db: Executor,
  to: Recipient,
  input: { url: string; companyName: string; inviter: string; seconds: number },
) {
  const lang = to.locale as Language;
  const mail = render(
    lang,
    'userInvitation.subject',
    [
      { key: 'greeting', values: { firstName: to.firstName } },
      { key: 'userInvitation.invited', values: { inviter: input.inviter, company: input.companyName } },
      { key: 'userInvitation.link', values: { url: input.url } },
      { key: 'userInvitation.expires', values: { hours: hoursOf(input.seconds) } },
    ],
    { company: input.companyName },
  );
  await queueMail(db, {
    companyId: to.companyId,
    projectId: null,
    kind: 'invitation',
    to: { email: to.email, name: `${to.firstName} ${to.lastName}` },
    language: lang,
    ...mail,
  });
}

export async function queueResetMail(db: Executor, to: Recipient, input: { url: string; seconds: number }) {
  const lang = to.locale as Language;
  const mail = render(
    lang,
    'passwordReset.subject',
    [
      { key: 'greeting', values: { firstName: to.firstName } },
      { key: 'passwordReset.asked' },
      { key: 'passwordReset.link', values: { url: input.url } },
      { key: 'passwordReset.expires', values: { minutes: minutesOf(input.seconds) } },
      { key: 'passwordReset.notYou' },
    ],
    {},
  );
  await queueMail(db, {
    companyId: to.companyId,
    projectId: null,
    kind: 'password-reset',
    to: { email: to.email, name: `${to.firstName} ${to.lastName}` },
    language: lang,
    ...mail,
  });
}
