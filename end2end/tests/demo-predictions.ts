// A prediction file for every question of the server's synthetic demo key
// (ids 1 to 5,000, `DEMO_KEY_ROWS` in server/src/cli/serve.rs), so result
// pages have a full specialty × level breakdown. The browser cannot know
// the key, so the letters just cycle; accuracies come out near chance.
export function demoKeyPredictions(): string {
  const letters = ['A', 'B', 'C', 'D'];
  const lines = ['question_id,answer'];
  for (let id = 1; id <= 5000; id++) lines.push(`${id},${letters[(id * 7 + Math.floor(id / 13)) % 4]}`);
  return lines.join('\n') + '\n';
}
