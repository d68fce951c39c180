import type { Catalog } from "./catalog.ts";

export default {
  bad_request: "La requête n'est pas valide.",
  invalid_parameter: "Un paramètre de requête ou une partie du chemin a une valeur que cette opération n'accepte pas.",
  invalid_path: "Le chemin n'est pas valide.",
  bot_check_failed: "La vérification que vous êtes une personne a échoué. Veuillez réessayer.",
  invalid_request: "Un paramètre obligatoire manque ou est mal formé.",
  invalid_grant: "L'e-mail ou le mot de passe est incorrect, ou la connexion a expiré.",
  unsupported_grant_type: "Ce mode de connexion n'est pas pris en charge.",
  social_login_failed: "La connexion avec ce fournisseur a échoué. Veuillez réessayer.",
  account_deleted: "Ce compte a été supprimé.",
  invalid_body: "Un champ de la requête n'est pas valide.",
  unauthenticated: "Veuillez vous connecter.",
  invalid_token: "Votre session a expiré. Veuillez vous reconnecter.",
  forbidden: "Vous n'avez pas le droit de faire cela.",
  unauthorized_client:
    "Cette application ne peut pas se connecter avec un mot de passe. Utilisez le flux avec code d'autorisation.",
  invalid_client: "L'application est inconnue ou ses identifiants ne sont pas corrects.",
  unknown_client: "Aucune application n'est enregistrée avec ce client_id.",
  invalid_redirect_uri: "Ce redirect_uri n'est pas enregistré pour l'application.",
  invalid_scope: "L'application ne peut pas demander cette portée.",
  insufficient_scope: "Cette connexion n'a pas reçu l'accès nécessaire à cette opération.",
  not_found: "Introuvable.",
  method_not_allowed: "Cette méthode n'est pas autorisée ici.",
  not_acceptable: "Ce format de réponse n'est pas disponible.",
  conflict: "Quelque chose a changé entre-temps. Rechargez et réessayez.",
  slot_taken: "Ce créneau vient d'être pris. Choisissez un autre horaire.",
  slot_taken_service: "Le créneau de la prestation {{index}} vient d'être pris. Choisissez un autre horaire.",
  overlaps_own_booking:
    "Vous avez déjà une réservation à cette heure : on ne peut être qu'à un seul endroit à la fois.",
  overlaps_own_appointment:
    "Vous avez déjà un rendez-vous de {{from}} à {{to}} : on ne peut être qu'à un seul endroit à la fois. Choisissez un horaire après celui-ci.",
  overlaps_own_hold:
    "Vous retenez déjà un créneau dans votre panier de {{from}} à {{to}} : on ne peut être qu'à un seul endroit à la fois. Choisissez un horaire après celui-ci.",
  payload_too_large: "La requête est trop volumineuse.",
  unsupported_media_type: "Ce type de contenu n'est pas accepté ici.",
  range_not_satisfiable: "La plage demandée n'est pas disponible.",
  rate_limited: "Trop de tentatives. Veuillez patienter un instant et réessayer.",
  internal: "Une erreur s'est produite de notre côté. Veuillez réessayer.",
  unavailable: "Le service est momentanément indisponible. Veuillez réessayer dans un instant.",

  time_passed: "Cet horaire est déjà passé. Choisissez un horaire plus tardif.",
  before_minimum_notice:
    "Cet horaire est trop proche : cet endroit prend les réservations au moins {{notice}} à l'avance.",
  beyond_booking_window:
    "Cet horaire est trop lointain : cet endroit prend les réservations au plus {{window}} à l'avance.",
  not_on_time_grid: "Les rendez-vous commencent aux horaires proposés ; celui-ci n'en fait pas partie.",
  outside_working_hours: "Cet horaire est en dehors des heures d'ouverture.",
  employee_does_not_perform: "Ce professionnel ne réalise pas cette prestation ici.",
  missing_resources: "À cette heure, l'endroit n'a pas ce qu'il faut pour cette prestation (une salle, un fauteuil).",
  unknown_service_price: "Il n'existe pas de tarif de prestation {{id}}.",
  unknown_employee: "Il n'existe pas de professionnel {{id}}.",
  location_required: "Cet établissement a plusieurs adresses : indiquez laquelle.",
  employee_not_at_location: "Ce professionnel travaille dans un établissement qui ne propose pas cette prestation.",
  service_not_offered_here: "Cet établissement ne propose pas cette prestation.",
  no_online_booking: "Cet établissement ne prend pas de réservations en ligne : veuillez l'appeler.",
  services_overlap:
    "La prestation {{index}} commence avant la fin de la prestation {{earlier}} : on ne peut être qu'à un seul endroit à la fois. Commencez-la à {{from}} ou plus tard.",
  hold_limit:
    "Vous retenez déjà {{limit}} créneaux, le maximum à la fois : réservez-les ou libérez-en avant d'en retenir un autre.",
  only_cancel_allowed: "Ici, vous pouvez seulement annuler un rendez-vous.",
  too_late_to_cancel:
    "L'annulation en ligne était possible jusqu'au {{deadline}} ({{notice}} avant le début). Veuillez appeler l'établissement.",
  not_cancellable: "Ce rendez-vous ne peut plus être annulé.",
  too_late_to_move:
    "Le déplacement en ligne était possible jusqu'au {{deadline}} ({{notice}} avant le début). Veuillez appeler l'établissement.",
  not_movable: "Ce rendez-vous ne peut plus être déplacé.",
  move_changes_services: "Un déplacement garde les prestations : réservez un autre rendez-vous pour les changer.",
  move_needs_each_service_one: "Ce rendez-vous a {{count}} prestation : donnez-lui un nouvel horaire.",
  move_needs_each_service_many:
    "Ce rendez-vous a {{count}} de prestations : donnez un nouvel horaire à chacune, dans l'ordre.",
  move_needs_each_service_other:
    "Ce rendez-vous a {{count}} prestations : donnez un nouvel horaire à chacune, dans l'ordre.",
  appointment_not_completed: "Seul un rendez-vous terminé peut recevoir un avis.",
  already_reviewed: "Vous avez déjà donné votre avis sur ce rendez-vous.",

  validation_required: "{{field}} : ce champ est obligatoire.",
  validation_too_long: "{{field}} : {{maximum}} caractères au maximum.",
  validation_too_short: "{{field}} : {{minimum}} caractères au minimum.",
  validation_not_a_date: "{{field}} : ce n'est pas une date et une heure valides.",
  validation_not_one_of: "{{field}} : choisissez l'une des valeurs autorisées.",
  validation_unknown_member: "{{field}} : ce champ n'est pas connu ici.",
  validation_invalid: "{{field}} : cette valeur n'est pas valide.",
  wrong_password: "Le mot de passe actuel n'est pas correct.",
  link_not_valid: "Ce lien a expiré ou a déjà été utilisé.",
  idempotency_key_reused: "Cette Idempotency-Key a déjà servi pour une autre requête.",
  unreadable_picture: "Ce fichier n'est pas une image que nous pouvons lire. Utilisez une photo JPEG, PNG ou WebP.",
  phone_country_required: "Un numéro de téléphone a besoin de son pays.",
  invalid_phone_number: "Ce n'est pas un numéro de téléphone valide pour le pays choisi.",
  invalid_answer: "Cette réponse ne correspond pas à la question.",
  invalid_answer_field: "{{field}} : cette réponse ne correspond pas à la question.",
} satisfies Catalog;
