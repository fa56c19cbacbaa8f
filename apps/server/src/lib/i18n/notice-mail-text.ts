import type { Locale } from '@portal/contracts/locales';
import type { MailText } from './mail-text';

/** The daily license alert's words: a heading and a line per lot or product, the footer, the button. */
export interface AlertMailText {
  subject: string;
  action: string;
  expiringHeading: (windowDays: number) => string;
  /** `day` is written already, with its zone when the recipient chose one. */
  expiringLine: (product: string, edition: string, available: number, day: string) => string;
  lowHeading: string;
  lowLine: (product: string, available: number, threshold: number) => string;
  footer: string;
}

/** The daily alert and the webhook-disabled mail in each language (decision 052); English is the source. */
export const NOTICE_MAIL_TEXT: Record<
  Locale,
  { alert: AlertMailText; webhookDisabled: (endpointUrl: string, hours: number) => MailText }
> = {
  en: {
    alert: {
      subject: 'License alerts',
      action: 'Open the portal',
      expiringHeading: (days) => `Licenses expiring within ${days} days:`,
      expiringLine: (product, edition, available, day) =>
        `• ${product} (${edition}): ${available} ${available === 1 ? 'unit' : 'units'} available, expires on ${day}`,
      lowHeading: 'Products running low:',
      lowLine: (product, available, threshold) =>
        `• ${product}: ${available} ${available === 1 ? 'unit' : 'units'} available, under your threshold of ${threshold}`,
      footer: 'You can change these alerts in Settings, Alerts.',
    },
    webhookDisabled: (url, hours) => ({
      subject: 'A webhook was disabled',
      paragraphs: [
        `Every delivery to ${url} has failed for ${hours} hours, so the portal stopped sending events to it.`,
        'Fix the endpoint, then enable it again in Settings → Webhooks: events from then on are delivered. ' +
          'The failed deliveries are listed there and can be sent again.',
      ],
      action: 'Open Settings → Webhooks',
    }),
  },
  de: {
    alert: {
      subject: 'Lizenzbenachrichtigungen',
      action: 'Portal öffnen',
      expiringHeading: (days) => `Lizenzen, die innerhalb von ${days} Tagen ablaufen:`,
      expiringLine: (product, edition, available, day) =>
        `• ${product} (${edition}): ${available} ${available === 1 ? 'Einheit' : 'Einheiten'} verfügbar, läuft am ${day} ab`,
      lowHeading: 'Produkte mit geringem Bestand:',
      lowLine: (product, available, threshold) =>
        `• ${product}: ${available} ${available === 1 ? 'Einheit' : 'Einheiten'} verfügbar, unter Ihrem Schwellenwert von ${threshold}`,
      footer: 'Sie können diese Benachrichtigungen unter Einstellungen, Benachrichtigungen ändern.',
    },
    webhookDisabled: (url, hours) => ({
      subject: 'Ein Webhook wurde deaktiviert',
      paragraphs: [
        `Jede Zustellung an ${url} ist seit ${hours} Stunden fehlgeschlagen, daher sendet das Portal keine Ereignisse mehr dorthin.`,
        'Beheben Sie das Problem am Endpunkt und aktivieren Sie ihn dann unter Einstellungen → Webhooks wieder: ' +
          'Ereignisse ab diesem Zeitpunkt werden zugestellt. Die fehlgeschlagenen Zustellungen sind dort aufgeführt ' +
          'und können erneut gesendet werden.',
      ],
      action: 'Einstellungen → Webhooks öffnen',
    }),
  },
  fr: {
    alert: {
      subject: 'Alertes de licences',
      action: 'Ouvrir le portail',
      expiringHeading: (days) => `Licences qui expirent dans les ${days} jours :`,
      expiringLine: (product, edition, available, day) =>
        `• ${product} (${edition}) : ${available} ${available <= 1 ? 'unité disponible' : 'unités disponibles'}, expire le ${day}`,
      lowHeading: 'Produits bientôt épuisés :',
      lowLine: (product, available, threshold) =>
        `• ${product} : ${available} ${available <= 1 ? 'unité disponible' : 'unités disponibles'}, sous votre seuil de ${threshold}`,
      footer: 'Vous pouvez modifier ces alertes dans Paramètres, Alertes.',
    },
    webhookDisabled: (url, hours) => ({
      subject: 'Un webhook a été désactivé',
      paragraphs: [
        `Chaque livraison vers ${url} échoue depuis ${hours} heures : le portail ne lui envoie plus d’événements.`,
        'Corrigez le point de terminaison, puis réactivez-le dans Paramètres → Webhooks : les événements suivants ' +
          'seront livrés. Les livraisons échouées y sont listées et peuvent être renvoyées.',
      ],
      action: 'Ouvrir Paramètres → Webhooks',
    }),
  },
  es: {
    alert: {
      subject: 'Alertas de licencias',
      action: 'Abrir el portal',
      expiringHeading: (days) => `Licencias que caducan en los próximos ${days} días:`,
      expiringLine: (product, edition, available, day) =>
        `• ${product} (${edition}): ${available} ${available === 1 ? 'unidad disponible' : 'unidades disponibles'}, caduca el ${day}`,
      lowHeading: 'Productos con pocas unidades:',
      lowLine: (product, available, threshold) =>
        `• ${product}: ${available} ${available === 1 ? 'unidad disponible' : 'unidades disponibles'}, por debajo de su umbral de ${threshold}`,
      footer: 'Puede cambiar estas alertas en Configuración, Alertas.',
    },
    webhookDisabled: (url, hours) => ({
      subject: 'Se deshabilitó un webhook',
      paragraphs: [
        `Todas las entregas a ${url} fallan desde hace ${hours} horas, así que el portal dejó de enviarle eventos.`,
        'Corrija el punto de conexión y vuelva a habilitarlo en Configuración → Webhooks: los eventos a partir de ' +
          'entonces se entregarán. Las entregas fallidas aparecen allí y se pueden volver a enviar.',
      ],
      action: 'Abrir Configuración → Webhooks',
    }),
  },
  ja: {
    alert: {
      subject: 'ライセンスのアラート',
      action: 'ポータルを開く',
      expiringHeading: (days) => `${days} 日以内に期限が切れるライセンス:`,
      expiringLine: (product, edition, available, day) =>
        `• ${product} (${edition}): ${available} ユニット利用可能、${day} に期限切れ`,
      lowHeading: '残りが少ない製品:',
      lowLine: (product, available, threshold) =>
        `• ${product}: ${available} ユニット利用可能、しきい値 ${threshold} を下回っています`,
      footer: 'これらのアラートは [設定] の [アラート] で変更できます。',
    },
    webhookDisabled: (url, hours) => ({
      subject: 'Webhook が無効になりました',
      paragraphs: [
        `${url} への配信が ${hours} 時間すべて失敗したため、ポータルはこのエンドポイントへのイベント送信を停止しました。`,
        'エンドポイントを修正してから、[設定] → [Webhook] でもう一度有効にしてください。それ以降のイベントは配信されます。' +
          '失敗した配信はそこに一覧表示され、再送信できます。',
      ],
      action: '[設定] → [Webhook] を開く',
    }),
  },
};
