import { Document, Format, WebIO } from '@gltf-transform/core';
import { KHRLightsPunctual } from '@gltf-transform/extensions';
import { packGlb } from './glb.js';

/** A KHR_animation_pointer channel, as a test writes it: a pointer, its key times and values. */
export interface PointerCurve {
  pointer: string;
  times: number[];
  values: number[];
  interpolation?: 'STEP' | 'LINEAR' | 'CUBICSPLINE';
}

/**
 * A GLB made with @gltf-transform: a quad "Lamp" (material "Glow", base colour white) lit by a point light
 * "Bulb" on a node beside it, and one animation named `name` whose channels are the given pointer curves
 * (and, given `lampTranslation`, an ordinary translation channel on the lamp, written by gltf-transform
 * itself). gltf-transform writes the document and the curves' accessors; the animation's pointer channels,
 * which gltf-transform does not model, are added to the written JSON.
 */
export async function pointerGlb(
  name: string,
  curves: PointerCurve[],
  lampTranslation?: { times: number[]; values: number[] },
): Promise<ArrayBuffer> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const lights = doc.createExtension(KHRLightsPunctual);
  const material = doc.createMaterial('Glow').setBaseColorFactor([1, 1, 1, 1]).setEmissiveFactor([0, 0, 0]);
  const positions = doc
    .createAccessor('positions')
    .setType('VEC3')
    .setBuffer(buffer)
    .setArray(new Float32Array([-0.5, 0, 0, 0.5, 0, 0, 0.5, 1, 0, -0.5, 0, 0, 0.5, 1, 0, -0.5, 1, 0]));
  const primitive = doc.createPrimitive().setAttribute('POSITION', positions).setMaterial(material);
  const lamp = doc.createNode('Lamp').setMesh(doc.createMesh('Lamp').addPrimitive(primitive));
  const light = lights.createLight('Bulb').setType('point').setIntensity(1).setColor([1, 1, 1]);
  const bulb = doc.createNode('Bulb').setTranslation([0, 1.5, 0.5]).setExtension('KHR_lights_punctual', light);
  doc.createScene('Scene').addChild(lamp).addChild(bulb);
  if (lampTranslation) {
    const sampler = doc
      .createAnimationSampler()
      .setInput(
        doc.createAccessor().setType('SCALAR').setBuffer(buffer).setArray(Float32Array.from(lampTranslation.times)),
      )
      .setOutput(
        doc.createAccessor().setType('VEC3').setBuffer(buffer).setArray(Float32Array.from(lampTranslation.values)),
      );
    const channel = doc.createAnimationChannel().setTargetNode(lamp).setTargetPath('translation').setSampler(sampler);
    doc.createAnimation(name).addSampler(sampler).addChannel(channel);
  }
  const names = curves.map((curve, i) => {
    const size = curve.values.length / curve.times.length / (curve.interpolation === 'CUBICSPLINE' ? 3 : 1);
    const type = ({ 1: 'SCALAR', 2: 'VEC2', 3: 'VEC3', 4: 'VEC4' } as const)[size]!;
    doc.createAccessor(`t${i}`).setType('SCALAR').setBuffer(buffer).setArray(Float32Array.from(curve.times));
    doc.createAccessor(`v${i}`).setType(type).setBuffer(buffer).setArray(Float32Array.from(curve.values));
    return [`t${i}`, `v${i}`];
  });

  const { json, resources } = await new WebIO().registerExtensions([KHRLightsPunctual]).writeJSON(doc, {
    format: Format.GLB,
  });
  const accessorIndex = (accessorName: string) => json.accessors!.findIndex((a) => a.name === accessorName);
  json.extensionsUsed = [...(json.extensionsUsed ?? []), 'KHR_animation_pointer'];
  // the pointer channels join the animation gltf-transform wrote (if any), their samplers after its own
  type Animation = { name?: string; samplers: object[]; channels: object[] };
  const animations = (json.animations ?? []) as unknown as Animation[];
  let animation = animations.find((a) => a.name === name);
  if (!animation) animations.push((animation = { name, samplers: [], channels: [] }));
  const first = animation.samplers.length;
  curves.forEach((curve, i) => {
    animation.samplers.push({
      input: accessorIndex(names[i][0]),
      output: accessorIndex(names[i][1]),
      interpolation: curve.interpolation ?? 'LINEAR',
    });
    animation.channels.push({
      sampler: first + i,
      target: { path: 'pointer', extensions: { KHR_animation_pointer: { pointer: curve.pointer } } },
    });
  });
  json.animations = animations as never;
  const bin = Object.values(resources)[0];
  return packGlb(json, bin);
}
