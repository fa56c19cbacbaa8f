import type { Locale } from '@portal/contracts/locales';
import type { MailText } from './mail-text';

/** The mails about an account's address and its second factors, in each language (decision 052). */
export interface AccountMailText {
  emailValidation: (name: string) => MailText;
  credentials: (email: string, password: string, downloadUrl: string) => MailText;
  recoveryCodeUsed: (left: number) => MailText;
  factorsReset: (adminName: string, setupAsked: boolean) => MailText;
}

const PRODUCT = 'MigrateHub License Portal';

/** English is the source: the wording these mails had before they had languages. */
export const ACCOUNT_MAIL_TEXT: Record<Locale, AccountMailText> = {
  en: {
    emailValidation: (name) => ({
      subject: 'Confirm your email address',
      paragraphs: [
        `Hello ${name},`,
        'An account was created for you. Confirm your email address to receive your sign-in details.',
      ],
      action: 'Confirm email address',
    }),
    credentials: (email, password, downloadUrl) => ({
      subject: 'Your sign-in details',
      paragraphs: [
        'Your email address is confirmed. Sign in with these details:',
        `Email: ${email}`,
        `One-time password: ${password}`,
        'You will be asked to choose a new password at first sign-in.',
        `Download the migration software: ${downloadUrl}`,
      ],
      action: 'Sign in',
    }),
    recoveryCodeUsed: (left) => ({
      subject: 'A recovery code was used to sign in',
      paragraphs: [
        `Someone signed in to your ${PRODUCT} account with one of your recovery codes, ` +
          `in place of your authenticator app. ${left} unused recovery codes are left.`,
        'If this was not you, change your password now. If your phone is lost, remove the app in Settings → ' +
          'Two-factor with another recovery code, then set it up again on your new phone: that makes new ' +
          'recovery codes and voids the old ones.',
      ],
    }),
    factorsReset: (adminName, setupAsked) => ({
      subject: 'Your second factors were reset',
      paragraphs: [
        `${adminName}, an administrator of your organisation, removed the authenticator app, recovery codes and ` +
          `passkeys of your ${PRODUCT} account. Your sessions were signed out.`,
        setupAsked
          ? 'Your organisation requires a second factor: you will set one up the next time you sign in.'
          : 'Set a second factor up again in Settings → Two-factor after you sign in.',
        'If you did not ask for this, tell your administrator.',
      ],
    }),
  },
  de: {
    emailValidation: (name) => ({
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
      paragraphs: [
        `Hallo ${name},`,
        'für Sie wurde ein Konto erstellt. Bestätigen Sie Ihre E-Mail-Adresse, um Ihre Anmeldedaten zu erhalten.',
      ],
      action: 'E-Mail-Adresse bestätigen',
    }),
    credentials: (email, password, downloadUrl) => ({
      subject: 'Ihre Anmeldedaten',
      paragraphs: [
        'Ihre E-Mail-Adresse ist bestätigt. Melden Sie sich mit diesen Daten an:',
        `E-Mail: ${email}`,
        `Einmalpasswort: ${password}`,
        'Bei der ersten Anmeldung werden Sie aufgefordert, ein neues Passwort festzulegen.',
        `Migrationssoftware herunterladen: ${downloadUrl}`,
      ],
      action: 'Anmelden',
    }),
    recoveryCodeUsed: (left) => ({
      subject: 'Ein Wiederherstellungscode wurde zur Anmeldung verwendet',
      paragraphs: [
        `Jemand hat sich bei Ihrem ${PRODUCT}-Konto mit einem Ihrer Wiederherstellungscodes statt mit Ihrer ` +
          `Authenticator-App angemeldet. Es sind noch ${left} unbenutzte Wiederherstellungscodes übrig.`,
        'Wenn Sie das nicht waren, ändern Sie jetzt Ihr Passwort. Wenn Ihr Telefon verloren ist, entfernen Sie die ' +
          'App unter Einstellungen → Zwei-Faktor mit einem anderen Wiederherstellungscode und richten Sie sie auf ' +
          'Ihrem neuen Telefon erneut ein: Dabei entstehen neue Wiederherstellungscodes, und die alten werden ungültig.',
      ],
    }),
    factorsReset: (adminName, setupAsked) => ({
      subject: 'Ihre zweiten Faktoren wurden zurückgesetzt',
      paragraphs: [
        `${adminName}, ein Administrator Ihrer Organisation, hat die Authenticator-App, die Wiederherstellungscodes ` +
          `und die Passkeys Ihres ${PRODUCT}-Kontos entfernt. Ihre Sitzungen wurden abgemeldet.`,
        setupAsked
          ? 'Ihre Organisation verlangt einen zweiten Faktor: Sie richten ihn bei Ihrer nächsten Anmeldung ein.'
          : 'Richten Sie nach der Anmeldung unter Einstellungen → Zwei-Faktor wieder einen zweiten Faktor ein.',
        'Wenn Sie das nicht veranlasst haben, wenden Sie sich an Ihren Administrator.',
      ],
    }),
  },
  fr: {
    emailValidation: (name) => ({
      subject: 'Confirmez votre adresse e-mail',
      paragraphs: [
        `Bonjour ${name},`,
        'Un compte a été créé pour vous. Confirmez votre adresse e-mail pour recevoir vos informations de connexion.',
      ],
      action: 'Confirmer l’adresse e-mail',
    }),
    credentials: (email, password, downloadUrl) => ({
      subject: 'Vos informations de connexion',
      paragraphs: [
        'Votre adresse e-mail est confirmée. Connectez-vous avec ces informations :',
        `E-mail : ${email}`,
        `Mot de passe à usage unique : ${password}`,
        'Vous devrez choisir un nouveau mot de passe lors de votre première connexion.',
        `Télécharger le logiciel de migration : ${downloadUrl}`,
      ],
      action: 'Se connecter',
    }),
    recoveryCodeUsed: (left) => ({
      subject: 'Un code de récupération a servi à se connecter',
      paragraphs: [
        `Quelqu’un s’est connecté à votre compte ${PRODUCT} avec l’un de vos codes de récupération, ` +
          `à la place de votre application d’authentification. Il reste ${left} codes de récupération inutilisés.`,
        'Si ce n’était pas vous, changez votre mot de passe maintenant. Si vous avez perdu votre téléphone, ' +
          'supprimez l’application dans Paramètres → Double authentification avec un autre code de récupération, ' +
          'puis configurez-la de nouveau sur votre nouveau téléphone : cela crée de nouveaux codes de récupération ' +
          'et annule les anciens.',
      ],
    }),
    factorsReset: (adminName, setupAsked) => ({
      subject: 'Vos seconds facteurs ont été réinitialisés',
      paragraphs: [
        `${adminName}, administrateur de votre organisation, a supprimé l’application d’authentification, les codes ` +
          `de récupération et les clés d’accès de votre compte ${PRODUCT}. Vos sessions ont été fermées.`,
        setupAsked
          ? 'Votre organisation exige un second facteur : vous en configurerez un lors de votre prochaine connexion.'
          : 'Configurez de nouveau un second facteur dans Paramètres → Double authentification après vous être connecté.',
        'Si vous n’avez rien demandé, prévenez votre administrateur.',
      ],
    }),
  },
  es: {
    emailValidation: (name) => ({
      subject: 'Confirme su dirección de correo electrónico',
      paragraphs: [
        `Hola, ${name}:`,
        'Se ha creado una cuenta para usted. Confirme su dirección de correo electrónico para recibir sus datos de inicio de sesión.',
      ],
      action: 'Confirmar dirección de correo electrónico',
    }),
    credentials: (email, password, downloadUrl) => ({
      subject: 'Sus datos de inicio de sesión',
      paragraphs: [
        'Su dirección de correo electrónico está confirmada. Inicie sesión con estos datos:',
        `Correo electrónico: ${email}`,
        `Contraseña de un solo uso: ${password}`,
        'Se le pedirá que elija una contraseña nueva al iniciar sesión por primera vez.',
        `Descargar el software de migración: ${downloadUrl}`,
      ],
      action: 'Iniciar sesión',
    }),
    recoveryCodeUsed: (left) => ({
      subject: 'Se usó un código de recuperación para iniciar sesión',
      paragraphs: [
        `Alguien inició sesión en su cuenta de ${PRODUCT} con uno de sus códigos de recuperación, ` +
          `en lugar de su aplicación de autenticación. Quedan ${left} códigos de recuperación sin usar.`,
        'Si no fue usted, cambie su contraseña ahora. Si perdió el teléfono, quite la aplicación en Configuración → ' +
          'Doble factor con otro código de recuperación y vuelva a configurarla en su teléfono nuevo: así se crean ' +
          'códigos de recuperación nuevos y se anulan los anteriores.',
      ],
    }),
    factorsReset: (adminName, setupAsked) => ({
      subject: 'Se restablecieron sus segundos factores',
      paragraphs: [
        `${adminName}, administrador de su organización, quitó la aplicación de autenticación, los códigos de ` +
          `recuperación y las claves de acceso de su cuenta de ${PRODUCT}. Se cerraron sus sesiones.`,
        setupAsked
          ? 'Su organización exige un segundo factor: configurará uno la próxima vez que inicie sesión.'
          : 'Vuelva a configurar un segundo factor en Configuración → Doble factor después de iniciar sesión.',
        'Si no lo solicitó, avise a su administrador.',
      ],
    }),
  },
  ja: {
    emailValidation: (name) => ({
      subject: 'メール アドレスの確認',
      paragraphs: [
        `${name} 様`,
        'アカウントが作成されました。サインイン情報を受け取るには、メール アドレスを確認してください。',
      ],
      action: 'メール アドレスを確認',
    }),
    credentials: (email, password, downloadUrl) => ({
      subject: 'サインイン情報',
      paragraphs: [
        'メール アドレスが確認されました。次の情報でサインインしてください:',
        `メール: ${email}`,
        `ワンタイム パスワード: ${password}`,
        '初回のサインイン時に新しいパスワードの設定を求められます。',
        `移行ソフトウェアのダウンロード: ${downloadUrl}`,
      ],
      action: 'サインイン',
    }),
    recoveryCodeUsed: (left) => ({
      subject: '回復コードでサインインされました',
      paragraphs: [
        `${PRODUCT} のアカウントに、認証アプリの代わりに回復コードの 1 つでサインインされました。` +
          `未使用の回復コードは残り ${left} 個です。`,
        'ご自身によるものでない場合は、すぐにパスワードを変更してください。電話をなくした場合は、別の回復コードで' +
          ' [設定] → [2 要素認証] からアプリを削除し、新しい電話でもう一度設定してください。新しい回復コードが作成され、' +
          '古いコードは無効になります。',
      ],
    }),
    factorsReset: (adminName, setupAsked) => ({
      subject: '2 番目の認証要素がリセットされました',
      paragraphs: [
        `組織の管理者 ${adminName} が、${PRODUCT} のアカウントの認証アプリ、回復コード、パスキーを削除しました。` +
          'すべてのセッションはサインアウトされました。',
        setupAsked
          ? '組織では 2 番目の認証要素が必要です。次回のサインイン時に設定してください。'
          : 'サインイン後、[設定] → [2 要素認証] で 2 番目の認証要素をもう一度設定してください。',
        'この操作に心当たりがない場合は、管理者に連絡してください。',
      ],
    }),
  },
};
