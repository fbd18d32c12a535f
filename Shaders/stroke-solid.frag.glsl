#version 330 core
// First pass of a uniform-alpha stroke (NanoVG's stencil stroke): only the solid interior, where
// coverage is at least 1 - 0.5/255, is drawn; the antialiased fringe is discarded for the second pass.
in vec4 v_aa;
in vec4 v_color;
out vec4 o_color;

void main() {
    float coverage = clamp(v_aa.y - abs(v_aa.x), 0.0, 1.0) * clamp(v_aa.z, 0.0, 1.0);
    if (coverage < 1.0 - 0.5 / 255.0) discard;
    o_color = v_color * coverage;
}
