/**
 * The real glTF models in ../shared/models/ (served at /shared-models/ by the test runner) belong to other
 * people and stay outside the project. A test that uses one skips, saying why, when the folder is absent.
 */
export async function fetchSharedModel(ctx: Mocha.Context, file: string): Promise<ArrayBuffer> {
  const response = await fetch(`/shared-models/${file}`);
  if (!response.ok) {
    console.log(
      `skipped: ../shared/models/${file} is absent (HTTP ${response.status}); this test needs that real model`,
    );
    ctx.skip();
  }
  return response.arrayBuffer();
}
