// Every table of the portal; drizzle-kit reads this file to generate migrations.
export * from './content.js';
export * from './payments.js';
export * from './otp.js';
export * from './help.js';
export * from './locations.js';
export * from './leads.js';
export * from './contact.js';
