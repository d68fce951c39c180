import type { Catalog } from "./catalog.ts";

export default {
  bad_request: "Die Anfrage ist ungültig.",
  invalid_parameter: "Ein Abfrageparameter oder Pfadteil hat einen Wert, den diese Operation nicht annimmt.",
  invalid_path: "Der Pfad ist ungültig.",
  bot_check_failed: "Die Prüfung, ob Sie ein Mensch sind, ist fehlgeschlagen. Bitte versuchen Sie es erneut.",
  invalid_request: "Ein erforderlicher Parameter fehlt oder ist fehlerhaft.",
  invalid_grant: "E-Mail oder Passwort sind falsch, oder die Anmeldung ist abgelaufen.",
  unsupported_grant_type: "Diese Art der Anmeldung wird nicht unterstützt.",
  social_login_failed: "Die Anmeldung über diesen Anbieter ist fehlgeschlagen. Bitte versuchen Sie es erneut.",
  account_deleted: "Dieses Konto wurde gelöscht.",
  invalid_body: "Ein Feld der Anfrage ist ungültig.",
  unauthenticated: "Bitte melden Sie sich an.",
  invalid_token: "Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.",
  forbidden: "Das dürfen Sie nicht.",
  not_found: "Nicht gefunden.",
  method_not_allowed: "Diese Methode ist hier nicht erlaubt.",
  not_acceptable: "Dieses Antwortformat ist nicht verfügbar.",
  conflict: "Inzwischen hat sich etwas geändert. Laden Sie neu und versuchen Sie es erneut.",
  slot_taken: "Dieser Termin wurde gerade vergeben. Wählen Sie eine andere Zeit.",
  slot_taken_service: "Die Zeit von Leistung {{index}} wurde gerade vergeben. Wählen Sie eine andere Zeit.",
  overlaps_own_booking: "Sie haben zu dieser Zeit schon eine Buchung: Man kann nur an einem Ort zugleich sein.",
  overlaps_own_appointment:
    "Sie haben schon einen Termin von {{from}} bis {{to}}: Man kann nur an einem Ort zugleich sein. Wählen Sie eine Zeit danach.",
  overlaps_own_hold:
    "Sie halten schon eine Zeit im Warenkorb von {{from}} bis {{to}}: Man kann nur an einem Ort zugleich sein. Wählen Sie eine Zeit danach.",
  payload_too_large: "Die Anfrage ist zu groß.",
  unsupported_media_type: "Dieser Inhaltstyp wird hier nicht angenommen.",
  range_not_satisfiable: "Der angeforderte Bereich ist nicht verfügbar.",
  rate_limited: "Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.",
  internal: "Bei uns ist etwas schiefgelaufen. Bitte versuchen Sie es erneut.",
  unavailable: "Der Dienst ist kurz nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.",

  time_passed: "Diese Zeit ist vorbei. Wählen Sie eine spätere Zeit.",
  before_minimum_notice: "Diese Zeit ist zu früh: Hier wird mindestens {{notice}} im Voraus gebucht.",
  beyond_booking_window: "Diese Zeit liegt zu weit voraus: Hier wird höchstens {{window}} im Voraus gebucht.",
  not_on_time_grid: "Termine beginnen zu den angebotenen Zeiten; diese gehört nicht dazu.",
  outside_working_hours: "Diese Zeit liegt außerhalb der Öffnungszeiten.",
  employee_does_not_perform: "Diese Fachkraft bietet diese Leistung hier nicht an.",
  missing_resources: "Dem Ort fehlt zu dieser Zeit, was diese Leistung braucht (ein Raum, ein Stuhl).",
  unknown_service_price: "Es gibt keinen Leistungspreis {{id}}.",
  unknown_employee: "Es gibt keine Fachkraft {{id}}.",
  location_required: "Dieses Unternehmen hat mehrere Standorte: Geben Sie an, welchen.",
  employee_not_at_location: "Diese Fachkraft arbeitet an einem Standort, der diese Leistung nicht anbietet.",
  service_not_offered_here: "Dieser Standort bietet diese Leistung nicht an.",
  no_online_booking: "Dieses Unternehmen nimmt keine Online-Buchungen an: Bitte rufen Sie an.",
  services_overlap:
    "Leistung {{index}} beginnt, bevor Leistung {{earlier}} endet: Man kann nur an einem Ort zugleich sein. Beginnen Sie sie um {{from}} oder später.",
  hold_limit:
    "Sie halten schon {{limit}} Zeiten, das Maximum: Buchen Sie sie oder geben Sie einige frei, bevor Sie eine weitere halten.",
  only_cancel_allowed: "Hier können Sie einen Termin nur absagen.",
  too_late_to_cancel:
    "Online absagen war bis {{deadline}} möglich ({{notice}} vor Beginn). Bitte rufen Sie den Ort an.",
  not_cancellable: "Dieser Termin kann nicht mehr abgesagt werden.",
  too_late_to_move:
    "Online verschieben war bis {{deadline}} möglich ({{notice}} vor Beginn). Bitte rufen Sie den Ort an.",
  not_movable: "Dieser Termin kann nicht mehr verschoben werden.",
  move_changes_services:
    "Beim Verschieben bleiben die Leistungen gleich: Buchen Sie einen neuen Termin, um sie zu ändern.",
  move_needs_each_service_one: "Dieser Termin hat {{count}} Leistung: Geben Sie ihr eine neue Zeit.",
  move_needs_each_service_other:
    "Dieser Termin hat {{count}} Leistungen: Geben Sie jeder der Reihe nach eine neue Zeit.",
  appointment_not_completed: "Nur ein abgeschlossener Termin kann bewertet werden.",
  already_reviewed: "Sie haben diesen Termin bereits bewertet.",

  validation_required: "{{field}}: Das ist erforderlich.",
  validation_too_long: "{{field}}: höchstens {{maximum}} Zeichen.",
  validation_too_short: "{{field}}: mindestens {{minimum}} Zeichen.",
  validation_not_a_date: "{{field}}: Das ist kein gültiges Datum mit Uhrzeit.",
  validation_not_one_of: "{{field}}: Wählen Sie einen der erlaubten Werte.",
  validation_unknown_member: "{{field}}: Dieses Feld ist hier unbekannt.",
  validation_invalid: "{{field}}: Dieser Wert ist ungültig.",
} satisfies Catalog;
