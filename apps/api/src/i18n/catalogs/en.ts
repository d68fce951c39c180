/**
 * The API's messages in English: the `detail` of its errors. A key named as an error code is that code's own
 * message (a generic one for the framework's and the generic codes); the others are variants and field messages.
 * Every catalog has every key with the same {{placeholders}} (catalogs.test.ts).
 */
export default {
  bad_request: "The request is not valid.",
  invalid_parameter: "A query parameter or path segment has a value this operation does not accept.",
  invalid_path: "The path is not valid.",
  bot_check_failed: "The check that you are a person did not succeed. Please try again.",
  invalid_request: "A required parameter is missing or malformed.",
  invalid_grant: "The e-mail or password is wrong, or the sign-in has expired.",
  unsupported_grant_type: "This kind of sign-in is not supported.",
  social_login_failed: "Signing in with this provider did not succeed. Please try again.",
  account_deleted: "This account was deleted.",
  invalid_body: "A field of the request is not valid.",
  unauthenticated: "Please sign in.",
  invalid_token: "Your session has expired. Please sign in again.",
  forbidden: "You may not do this.",
  not_found: "Not found.",
  method_not_allowed: "This method is not allowed here.",
  not_acceptable: "This response format is not available.",
  conflict: "This changed meanwhile. Reload and try again.",
  slot_taken: "This time was just taken. Choose another time.",
  slot_taken_service: "The time of service {{index}} was just taken. Choose another time.",
  overlaps_own_booking: "You already have a booking at this time: one person can be in one place at a time.",
  overlaps_own_appointment:
    "You already have an appointment from {{from}} to {{to}}: one person can be in one place at a time. Choose a time after it.",
  overlaps_own_hold:
    "You already hold a time in your basket from {{from}} to {{to}}: one person can be in one place at a time. Choose a time after it.",
  payload_too_large: "The request is too large.",
  unsupported_media_type: "This content type is not accepted here.",
  range_not_satisfiable: "The requested range is not available.",
  rate_limited: "Too many attempts. Please wait a moment and try again.",
  internal: "Something went wrong on our side. Please try again.",
  unavailable: "The service is briefly unavailable. Please try again shortly.",

  time_passed: "This time has passed. Choose a later time.",
  before_minimum_notice: "This time is too soon: this place takes bookings at least {{notice}} ahead.",
  beyond_booking_window: "This time is too far ahead: this place takes bookings at most {{window}} ahead.",
  not_on_time_grid: "Appointments start at the times offered; this is not one of them.",
  outside_working_hours: "This time is outside the working hours.",
  employee_does_not_perform: "This professional does not perform this service here.",
  missing_resources: "The place lacks what this service needs at this time (a room, a chair).",
  unknown_service_price: "There is no service price {{id}}.",
  unknown_employee: "There is no professional {{id}}.",
  location_required: "This business has several places: say which one.",
  employee_not_at_location: "This professional works at a place that does not offer this service.",
  service_not_offered_here: "This place does not offer this service.",
  no_online_booking: "This business takes no bookings online: please call them.",
  services_overlap:
    "Service {{index}} starts before service {{earlier}} ends: one person can be in one place at a time. Start it at {{from}} or later.",
  hold_limit: "You already hold {{limit}} times, the most at once: book them or let some go before holding another.",
  only_cancel_allowed: "You can only cancel an appointment here.",
  too_late_to_cancel:
    "Cancelling online was possible until {{deadline}} ({{notice}} before the start). Please call the place.",
  not_cancellable: "This appointment can no longer be cancelled.",
  too_late_to_move:
    "Moving online was possible until {{deadline}} ({{notice}} before the start). Please call the place.",
  not_movable: "This appointment can no longer be moved.",
  move_changes_services: "A move keeps the services: book another appointment to change them.",
  move_needs_each_service_one: "This appointment has {{count}} service: give it a new time.",
  move_needs_each_service_other: "This appointment has {{count}} services: give a new time for each, in order.",
  appointment_not_completed: "Only a completed appointment can be reviewed.",
  already_reviewed: "You have already reviewed this appointment.",

  validation_required: "{{field}}: this is required.",
  validation_too_long: "{{field}}: at most {{maximum}} characters.",
  validation_too_short: "{{field}}: at least {{minimum}} characters.",
  validation_not_a_date: "{{field}}: this is not a valid date and time.",
  validation_not_one_of: "{{field}}: choose one of the allowed values.",
  validation_unknown_member: "{{field}}: this member is not known here.",
  validation_invalid: "{{field}}: this value is not valid.",
} as const;
