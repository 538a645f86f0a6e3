/** A job is a wake-up for its destination's worker: the worker always sends the destination's oldest pending delivery first. */
export interface DeliveryJob {
  tenantId: string;
  destinationId: string;
  deliveryId: string;
}

/** One BullMQ queue per destination: each has its own FIFO order. */
export const queueName = (destinationId: string) => `destination-${destinationId}`;
