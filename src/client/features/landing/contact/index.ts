/** The contact section's interactive parts, one chunk fetched when the section comes near the screen. */
export { ContactChannels } from "./ContactChannels";
export { ContactForm } from "./ContactForm";
