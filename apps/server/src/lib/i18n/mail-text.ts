import type { Locale } from '@portal/contracts/locales';

/** A mail's words: its subject, its paragraphs and the label of its button. */
export interface MailText {
  subject: string;
  paragraphs: string[];
  action?: string;
}

/**
 * The sign-in mails in each language (decision 052): the code of a two-factor sign-in and the
 * password reset link, which reach a person before any screen can. English is the source.
 */
export const MAIL_TEXT: Record<
  Locale,
  { twoFactorCode: (code: string, minutes: number) => MailText; passwordReset: (minutes: number) => MailText }
> = {
  en: {
    twoFactorCode: (code, minutes) => ({
      subject: 'Your sign-in code',
      paragraphs: [
        `Your sign-in code is: ${code}`,
        `It expires in ${minutes} minutes and works once. If you did not try to sign in, change your password.`,
      ],
    }),
    passwordReset: (minutes) => ({
      subject: 'Reset your password',
      paragraphs: [
        'Someone asked to reset the password of your account. If it was you, open the link below.',
        `The link works once and expires in ${minutes} minutes. If it was not you, ignore this message.`,
      ],
      action: 'Reset password',
    }),
  },
  de: {
    twoFactorCode: (code, minutes) => ({
      subject: 'Ihr Anmeldecode',
      paragraphs: [
        `Ihr Anmeldecode lautet: ${code}`,
        `Er läuft in ${minutes} Minuten ab und gilt einmal. Wenn Sie sich nicht anmelden wollten, ändern Sie Ihr Passwort.`,
      ],
    }),
    passwordReset: (minutes) => ({
      subject: 'Passwort zurücksetzen',
      paragraphs: [
        'Jemand hat verlangt, das Passwort Ihres Kontos zurückzusetzen. Wenn Sie es waren, öffnen Sie den Link unten.',
        `Der Link gilt einmal und läuft in ${minutes} Minuten ab. Wenn Sie es nicht waren, ignorieren Sie diese Nachricht.`,
      ],
      action: 'Passwort zurücksetzen',
    }),
  },
  fr: {
    twoFactorCode: (code, minutes) => ({
      subject: 'Votre code de connexion',
      paragraphs: [
        `Votre code de connexion est : ${code}`,
        `Il expire dans ${minutes} minutes et ne sert qu’une fois. Si vous n’avez pas tenté de vous connecter, changez votre mot de passe.`,
      ],
    }),
    passwordReset: (minutes) => ({
      subject: 'Réinitialisez votre mot de passe',
      paragraphs: [
        'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte. Si c’était vous, ouvrez le lien ci-dessous.',
        `Le lien ne sert qu’une fois et expire dans ${minutes} minutes. Si ce n’était pas vous, ignorez ce message.`,
      ],
      action: 'Réinitialiser le mot de passe',
    }),
  },
  es: {
    twoFactorCode: (code, minutes) => ({
      subject: 'Su código de inicio de sesión',
      paragraphs: [
        `Su código de inicio de sesión es: ${code}`,
        `Caduca en ${minutes} minutos y solo sirve una vez. Si no intentó iniciar sesión, cambie su contraseña.`,
      ],
    }),
    passwordReset: (minutes) => ({
      subject: 'Restablezca su contraseña',
      paragraphs: [
        'Alguien pidió restablecer la contraseña de su cuenta. Si fue usted, abra el enlace de abajo.',
        `El enlace solo sirve una vez y caduca en ${minutes} minutos. Si no fue usted, ignore este mensaje.`,
      ],
      action: 'Restablecer contraseña',
    }),
  },
  ja: {
    twoFactorCode: (code, minutes) => ({
      subject: 'サインインコード',
      paragraphs: [
        `サインインコード: ${code}`,
        `このコードは ${minutes} 分で期限が切れ、1 回だけ使えます。サインインしようとしていない場合は、パスワードを変更してください。`,
      ],
    }),
    passwordReset: (minutes) => ({
      subject: 'パスワードのリセット',
      paragraphs: [
        'アカウントのパスワードのリセットが要求されました。ご自身による要求の場合は、下のリンクを開いてください。',
        `リンクは 1 回だけ使え、${minutes} 分で期限が切れます。心当たりがない場合は、このメッセージを無視してください。`,
      ],
      action: 'パスワードをリセット',
    }),
  },
};
