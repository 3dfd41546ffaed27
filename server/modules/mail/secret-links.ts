/**
 * Messages whose link is a password in all but name: whoever holds an invitation or « mot de passe oublié » link
 * chooses the account's password. Once the SMTP server has accepted such a message, the copy the outbox keeps has
 * the secret part of each link hidden, so that an administrator reading the mail log cannot use a colleague's link.
 * (Without SMTP nothing leaves the app: the kept message, link included, is how the link reaches its reader.)
 */
export const SECRET_LINK_KINDS = ['invitation', 'password-reset'] as const;

/** The last path segment of a link when it is a token (32 random bytes are 43 base64url characters). */
const TOKEN_IN_LINK = /(https?:\/\/[^\s"'<>]*\/)[A-Za-z0-9_-]{32,}/g;

export const HIDDEN_TOKEN = '••••••••';

export const hideSecretLinks = (body: string) => body.replace(TOKEN_IN_LINK, `$1${HIDDEN_TOKEN}`);
