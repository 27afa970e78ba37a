export type EmailProvider = {
  send(message: { to: string; subject: string; body: string }): Promise<{ id: string }>;
};
