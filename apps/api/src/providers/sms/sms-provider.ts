/** Sends text messages to Moroccan phones (+212…). The real gateway is reached only in production. */
export type SmsProvider = {
  send(message: { to: string; body: string }): Promise<{ id: string }>;
};
