import type { MailMessage } from './mailer';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, intro: string, action: { label: string; url: string }, outro: string): string {
  return `<!doctype html><html><body style="margin:0;background:#f1f4f9;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#0b1f3a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:480px;background:#ffffff;border-radius:16px;padding:32px" cellpadding="0" cellspacing="0">
<tr><td style="font-size:20px;font-weight:700;padding-bottom:8px">MedicPrep</td></tr>
<tr><td style="font-size:18px;font-weight:600;padding-bottom:12px">${escape(title)}</td></tr>
<tr><td style="font-size:15px;line-height:1.5;padding-bottom:24px">${escape(intro)}</td></tr>
<tr><td style="padding-bottom:24px"><a href="${escape(action.url)}" style="display:inline-block;background:#0b1f3a;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:10px;font-weight:600">${escape(action.label)}</a></td></tr>
<tr><td style="font-size:13px;line-height:1.5;color:#51607a">${escape(outro)}<br><br>If the button does not work, open this link:<br><span style="word-break:break-all">${escape(action.url)}</span></td></tr>
</table></td></tr></table></body></html>`;
}

function message(to: string, subject: string, title: string, intro: string, label: string, url: string, outro: string): MailMessage {
  return {
    to,
    subject,
    text: `${title}\n\n${intro}\n\n${label}: ${url}\n\n${outro}\n`,
    html: layout(title, intro, { label, url }, outro),
  };
}

export const mailTemplates = {
  /**
   * Goes to an address nobody has proved they own yet, so it carries nothing the sender chose (no name):
   * otherwise anyone could send their own text, with our link beside it, to any address.
   */
  verifyEmail: (to: string, url: string) =>
    message(
      to,
      'Confirm your MedicPrep e-mail address',
      'Welcome to MedicPrep!',
      'Please confirm your e-mail address to finish creating your account.',
      'Confirm e-mail',
      url,
      'If you did not create a MedicPrep account, you can ignore this e-mail.',
    ),
  /** First of the two links of a change of address: to the new address. */
  changeEmailNew: (to: string, url: string) =>
    message(
      to,
      'Confirm your new MedicPrep e-mail address',
      'Confirm your new e-mail address',
      'You asked to use this address for your MedicPrep account. Confirm it here; we also sent a link to your current address, and the change happens once both are confirmed. The link is valid for 24 hours.',
      'Confirm new e-mail',
      url,
      'If you did not ask for this, ignore this e-mail and nothing changes.',
    ),
  /** Second link: to the current address, which must agree (a stolen session alone cannot move the account). */
  changeEmailCurrent: (to: string, newEmail: string, url: string) =>
    message(
      to,
      'Confirm the change of your MedicPrep e-mail address',
      'Someone asked to change your e-mail address',
      `A request was made to change the e-mail address of your MedicPrep account to ${newEmail}. If it was you, confirm it here. The link is valid for 24 hours.`,
      'Review the change',
      url,
      'If it was not you, cancel the change from the link or ignore this e-mail: your address stays as it is. Then reset your password, because someone may know it.',
    ),
  /** After a change of address, to the old one. */
  emailChanged: (to: string, newEmail: string, loginUrl: string) =>
    message(
      to,
      'Your MedicPrep e-mail address was changed',
      'Your e-mail address was changed',
      `The e-mail address of your MedicPrep account is now ${newEmail}. Sign in with the new address from now on.`,
      'Go to MedicPrep',
      loginUrl,
      'If you did not make this change, contact MedicPrep support at once: someone else may control your account.',
    ),
  resetPassword: (to: string, url: string) =>
    message(
      to,
      'Reset your MedicPrep password',
      'Reset your password',
      'Someone (hopefully you) asked to reset the password of your MedicPrep account. The link is valid for one hour.',
      'Set a new password',
      url,
      'If you did not ask for a new password, you can ignore this e-mail.',
    ),
};
