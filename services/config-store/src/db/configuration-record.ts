// Only the wire fields leave the service; timestamps stay internal.
export const CONFIGURATION_FIELDS = { id: true, name: true, hostname: true, port: true, username: true } as const;
