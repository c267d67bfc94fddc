// Only this feature reads the patient's side of the queue, so its keys stay here (src/api/README).
const ON_DEMAND = ['on-demand'] as const;

/** "See a doctor now" as the patient sees it: what she may ask for, and her place in the queue. */
export const onDemandKeys = {
  all: ON_DEMAND,
  options: () => [...ON_DEMAND, 'options'] as const,
  entry: (appointmentId: string) => [...ON_DEMAND, 'entry', appointmentId] as const,
};
