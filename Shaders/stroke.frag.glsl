#version 330 core
// Analytic coverage (the vertex contract): clamp(radius - |edge|, 0, 1) * clamp(along, 0, 1).
// No discard here: llvmpipe shades this faster, and `.over` strokes (the bulk of a commit) use it.
in vec4 v_aa;
in vec4 v_color;
out vec4 o_color;

void main() {
    float coverage = clamp(v_aa.y - abs(v_aa.x), 0.0, 1.0) * clamp(v_aa.z, 0.0, 1.0);
    o_color = v_color * coverage;
}
