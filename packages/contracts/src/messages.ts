/**
 * Validation messages of the product, shared by the browser's forms and the server's
 * 400 answers so both say the same words.
 */
export const MSG = {
  emailRequired: 'Please enter your email',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Please enter your password',
  otpRequired: 'Please enter your OTP code.',
  resetMismatch: "Passwords don't match",
  forcedChangeMismatch: 'Passwords do not match',
  oldPasswordRequired: 'Old password is required',
  newPasswordRequired: 'New password is required',
  confirmPasswordRequired: 'Confirm password is required',
  nameRequired: 'Name is required',
  descriptionRequired: 'Description is required',
  groupKeyRequired: 'Group key is required',
  productCodeRequired: 'Product code is required',
  countMin: 'Count must be at least 1',
  targetIdRequired: 'Target ID is required',
  usernameMin: 'Username must be at least 2 characters.',
  usernameMax: 'Username must not be longer than 30 characters.',
  required: 'Required',
  invalidInput: 'Invalid input',
} as const;
