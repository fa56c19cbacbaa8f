// The email-validation module's public face: what app.ts and other modules may import.
export { emailValidationRoutes } from './email-validation.routes';
export { sendEmailValidation } from './email-validation.service';
