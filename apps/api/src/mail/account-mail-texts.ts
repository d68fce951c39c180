import type { Language } from "@termin/domain/languages";

export type AccountMailKind = "verify_email" | "reset_password";

/** The texts of one kind of account mail. {appName} is replaced with the product name. */
export interface AccountMailKindTexts {
  subject: string;
  paragraph: string;
  /** The button (HTML) and the line before the bare link (plain text). */
  action: string;
  /** How long the link works: verification 24 hours, password reset 1 hour. */
  expiry: string;
  /** Reassures someone who did not ask for this mail. */
  notYou: string;
}

export interface AccountMailTexts {
  /** {name} is the recipient's name. */
  greeting: string;
  /** For mail programs that do not show the button. */
  linkHint: string;
  /** {appName} is the product name. */
  signature: string;
  kinds: Record<AccountMailKind, AccountMailKindTexts>;
}

/** The account mails in every language, in the register the web app uses for that language. */
export const ACCOUNT_MAIL_TEXTS: Record<Language, AccountMailTexts> = {
  bg: {
    greeting: "Здравейте, {name},",
    linkHint: "Ако бутонът не работи, копирайте този адрес в браузъра си:",
    signature: "Екипът на {appName}",
    kinds: {
      verify_email: {
        subject: "Потвърдете имейл адреса си",
        paragraph:
          "Благодарим ви, че се регистрирахте в {appName}. Моля, потвърдете, че този имейл адрес е ваш, за да можете да запазвате часове.",
        action: "Потвърдете имейл адреса",
        expiry: "Линкът е валиден 24 часа.",
        notYou: "Ако не сте се регистрирали вие, просто игнорирайте този имейл.",
      },
      reset_password: {
        subject: "Смяна на паролата",
        paragraph:
          "Получихме заявка за смяна на паролата на профила ви в {appName}. Изберете нова парола чрез линка по-долу.",
        action: "Изберете нова парола",
        expiry: "Линкът е валиден 1 час.",
        notYou: "Ако не сте поискали това вие, игнорирайте този имейл – паролата ви остава същата.",
      },
    },
  },
  en: {
    greeting: "Hello {name},",
    linkHint: "If the button does not work, copy this address into your browser:",
    signature: "The {appName} team",
    kinds: {
      verify_email: {
        subject: "Confirm your e-mail address",
        paragraph:
          "Thank you for signing up with {appName}. Please confirm that this e-mail address is yours so that you can book appointments.",
        action: "Confirm e-mail address",
        expiry: "This link is valid for 24 hours.",
        notYou: "If you did not sign up, you can ignore this e-mail.",
      },
      reset_password: {
        subject: "Reset your password",
        paragraph:
          "We received a request to reset the password of your {appName} account. Choose a new password with the link below.",
        action: "Choose a new password",
        expiry: "This link is valid for 1 hour.",
        notYou: "If you did not ask for this, you can ignore this e-mail; your password stays the same.",
      },
    },
  },
  de: {
    greeting: "Hallo {name},",
    linkHint: "Falls die Schaltfläche nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:",
    signature: "Ihr {appName}-Team",
    kinds: {
      verify_email: {
        subject: "Bestätigen Sie Ihre E-Mail-Adresse",
        paragraph:
          "Vielen Dank für Ihre Registrierung bei {appName}. Bitte bestätigen Sie, dass diese E-Mail-Adresse Ihnen gehört, damit Sie Termine buchen können.",
        action: "E-Mail-Adresse bestätigen",
        expiry: "Dieser Link ist 24 Stunden gültig.",
        notYou: "Wenn Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.",
      },
      reset_password: {
        subject: "Setzen Sie Ihr Passwort zurück",
        paragraph:
          "Wir haben eine Anfrage erhalten, das Passwort Ihres {appName}-Kontos zurückzusetzen. Wählen Sie über den folgenden Link ein neues Passwort.",
        action: "Neues Passwort wählen",
        expiry: "Dieser Link ist 1 Stunde gültig.",
        notYou:
          "Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.",
      },
    },
  },
  es: {
    greeting: "Hola, {name}:",
    linkHint: "Si el botón no funciona, copia esta dirección en tu navegador:",
    signature: "El equipo de {appName}",
    kinds: {
      verify_email: {
        subject: "Confirma tu dirección de correo electrónico",
        paragraph:
          "Gracias por registrarte en {appName}. Confirma que esta dirección de correo es tuya para poder reservar citas.",
        action: "Confirmar dirección de correo",
        expiry: "Este enlace es válido durante 24 horas.",
        notYou: "Si no te has registrado, puedes ignorar este correo.",
      },
      reset_password: {
        subject: "Restablece tu contraseña",
        paragraph:
          "Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de {appName}. Elige una contraseña nueva con el enlace de abajo.",
        action: "Elegir una contraseña nueva",
        expiry: "Este enlace es válido durante 1 hora.",
        notYou: "Si no lo has solicitado, puedes ignorar este correo; tu contraseña no cambiará.",
      },
    },
  },
  it: {
    greeting: "Ciao {name},",
    linkHint: "Se il pulsante non funziona, copia questo indirizzo nel browser:",
    signature: "Il team di {appName}",
    kinds: {
      verify_email: {
        subject: "Conferma il tuo indirizzo e-mail",
        paragraph:
          "Grazie per la registrazione su {appName}. Conferma che questo indirizzo e-mail è tuo per poter prenotare appuntamenti.",
        action: "Conferma l'indirizzo e-mail",
        expiry: "Questo link è valido per 24 ore.",
        notYou: "Se la registrazione non è partita da te, puoi ignorare questa e-mail.",
      },
      reset_password: {
        subject: "Reimposta la tua password",
        paragraph:
          "Abbiamo ricevuto una richiesta di reimpostazione della password del tuo account {appName}. Scegli una nuova password con il link qui sotto.",
        action: "Scegli una nuova password",
        expiry: "Questo link è valido per 1 ora.",
        notYou: "Se la richiesta non è partita da te, puoi ignorare questa e-mail: la tua password resta invariata.",
      },
    },
  },
  fr: {
    greeting: "Bonjour {name},",
    linkHint: "Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :",
    signature: "L'équipe {appName}",
    kinds: {
      verify_email: {
        subject: "Confirmez votre adresse e-mail",
        paragraph:
          "Merci pour votre inscription sur {appName}. Veuillez confirmer que cette adresse e-mail vous appartient afin de pouvoir réserver des rendez-vous.",
        action: "Confirmer l'adresse e-mail",
        expiry: "Ce lien est valable 24 heures.",
        notYou: "Si vous n'êtes pas à l'origine de cette inscription, vous pouvez ignorer cet e-mail.",
      },
      reset_password: {
        subject: "Réinitialisez votre mot de passe",
        paragraph:
          "Nous avons reçu une demande de réinitialisation du mot de passe de votre compte {appName}. Choisissez un nouveau mot de passe grâce au lien ci-dessous.",
        action: "Choisir un nouveau mot de passe",
        expiry: "Ce lien est valable 1 heure.",
        notYou:
          "Si vous n'êtes pas à l'origine de cette demande, vous pouvez ignorer cet e-mail ; votre mot de passe reste inchangé.",
      },
    },
  },
  tr: {
    greeting: "Merhaba {name},",
    linkHint: "Düğme çalışmazsa bu adresi tarayıcınıza kopyalayın:",
    signature: "{appName} ekibi",
    kinds: {
      verify_email: {
        subject: "E-posta adresinizi doğrulayın",
        paragraph:
          "{appName} hesabı oluşturduğunuz için teşekkür ederiz. Randevu alabilmek için lütfen bu e-posta adresinin size ait olduğunu doğrulayın.",
        action: "E-posta adresini doğrula",
        expiry: "Bu bağlantı 24 saat geçerlidir.",
        notYou: "Kaydı siz yapmadıysanız bu e-postayı dikkate almayabilirsiniz.",
      },
      reset_password: {
        subject: "Şifrenizi sıfırlayın",
        paragraph:
          "{appName} hesabınızın şifresini sıfırlamak için bir talep aldık. Aşağıdaki bağlantıyla yeni bir şifre belirleyin.",
        action: "Yeni şifre belirle",
        expiry: "Bu bağlantı 1 saat geçerlidir.",
        notYou: "Bu talebi siz yapmadıysanız bu e-postayı dikkate almayabilirsiniz; şifreniz değişmeden kalır.",
      },
    },
  },
  ro: {
    greeting: "Bună, {name},",
    linkHint: "Dacă butonul nu funcționează, copiază această adresă în browser:",
    signature: "Echipa {appName}",
    kinds: {
      verify_email: {
        subject: "Confirmă-ți adresa de e-mail",
        paragraph:
          "Îți mulțumim că te-ai înregistrat pe {appName}. Confirmă că această adresă de e-mail îți aparține, ca să poți face programări.",
        action: "Confirmă adresa de e-mail",
        expiry: "Acest link este valabil 24 de ore.",
        notYou: "Dacă nu tu te-ai înregistrat, poți ignora acest e-mail.",
      },
      reset_password: {
        subject: "Resetează-ți parola",
        paragraph:
          "Am primit o cerere de resetare a parolei contului tău {appName}. Alege o parolă nouă folosind linkul de mai jos.",
        action: "Alege o parolă nouă",
        expiry: "Acest link este valabil o oră.",
        notYou: "Dacă nu tu ai făcut această cerere, poți ignora acest e-mail; parola ta rămâne aceeași.",
      },
    },
  },
  el: {
    greeting: "Γεια σας, {name},",
    linkHint: "Αν το κουμπί δεν λειτουργεί, αντιγράψτε αυτή τη διεύθυνση στο πρόγραμμα περιήγησής σας:",
    signature: "Η ομάδα του {appName}",
    kinds: {
      verify_email: {
        subject: "Επιβεβαιώστε τη διεύθυνση email σας",
        paragraph:
          "Σας ευχαριστούμε για την εγγραφή σας στο {appName}. Επιβεβαιώστε ότι αυτή η διεύθυνση email είναι δική σας, για να μπορείτε να κλείνετε ραντεβού.",
        action: "Επιβεβαίωση διεύθυνσης email",
        expiry: "Ο σύνδεσμος ισχύει για 24 ώρες.",
        notYou: "Αν δεν κάνατε εσείς την εγγραφή, μπορείτε να αγνοήσετε αυτό το email.",
      },
      reset_password: {
        subject: "Επαναφορά κωδικού πρόσβασης",
        paragraph:
          "Λάβαμε αίτημα επαναφοράς του κωδικού πρόσβασης του λογαριασμού σας στο {appName}. Επιλέξτε νέο κωδικό μέσω του παρακάτω συνδέσμου.",
        action: "Επιλογή νέου κωδικού",
        expiry: "Ο σύνδεσμος ισχύει για 1 ώρα.",
        notYou: "Αν δεν το ζητήσατε εσείς, μπορείτε να αγνοήσετε αυτό το email· ο κωδικός σας παραμένει ο ίδιος.",
      },
    },
  },
  mk: {
    greeting: "Здраво, {name},",
    linkHint: "Ако копчето не работи, копирајте ја оваа адреса во вашиот прелистувач:",
    signature: "Тимот на {appName}",
    kinds: {
      verify_email: {
        subject: "Потврдете ја вашата е-адреса",
        paragraph:
          "Ви благодариме што се регистриравте на {appName}. Потврдете дека оваа е-адреса е ваша за да можете да закажувате термини.",
        action: "Потврдете ја е-адресата",
        expiry: "Линкот важи 24 часа.",
        notYou: "Ако не сте се регистрирале вие, слободно игнорирајте ја оваа порака.",
      },
      reset_password: {
        subject: "Ресетирајте ја лозинката",
        paragraph:
          "Добивме барање за ресетирање на лозинката на вашата сметка на {appName}. Изберете нова лозинка преку линкот подолу.",
        action: "Изберете нова лозинка",
        expiry: "Линкот важи 1 час.",
        notYou: "Ако не сте го побарале ова вие, игнорирајте ја оваа порака – вашата лозинка останува иста.",
      },
    },
  },
  ru: {
    greeting: "Здравствуйте, {name}!",
    linkHint: "Если кнопка не работает, скопируйте этот адрес в браузер:",
    signature: "Команда {appName}",
    kinds: {
      verify_email: {
        subject: "Подтвердите адрес электронной почты",
        paragraph:
          "Спасибо за регистрацию в {appName}. Подтвердите, что этот адрес электронной почты принадлежит вам, чтобы записываться на приём.",
        action: "Подтвердить адрес",
        expiry: "Ссылка действительна 24 часа.",
        notYou: "Если вы не регистрировались, просто проигнорируйте это письмо.",
      },
      reset_password: {
        subject: "Сброс пароля",
        paragraph:
          "Мы получили запрос на сброс пароля вашей учётной записи {appName}. Выберите новый пароль по ссылке ниже.",
        action: "Выбрать новый пароль",
        expiry: "Ссылка действительна 1 час.",
        notYou: "Если вы этого не запрашивали, проигнорируйте это письмо — ваш пароль останется прежним.",
      },
    },
  },
};
