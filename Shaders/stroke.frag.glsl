#version 330 core
// Analytic coverage (the vertex contract): clamp(radius - |edge|, 0, 1) * clamp(along, 0, 1).
// u_threshold > 0 keeps only the solid interior (the first pass of a uniform-alpha stroke).
in vec4 v_aa;
in vec4 v_color;
uniform float u_threshold;
out vec4 o_color;

void main() {
    float coverage = clamp(v_aa.y - abs(v_aa.x), 0.0, 1.0) * clamp(v_aa.z, 0.0, 1.0);
    if (coverage < u_threshold) discard;
    o_color = v_color * coverage;
}
