#version 330 core
// Darken and lighten strokes (the highlighter), drawn with glBlendEquation(GL_MIN or GL_MAX), which
// ignores the blend factors: antialiasing is folded into the colour instead. Coverage as in
// stroke.frag.glsl; the premultiplied colour is faded towards u_base by coverage (and by its own
// alpha): opaque white for GL_MIN, so coverage 0 leaves the pixel as it is; transparent black for
// GL_MAX, the same. base + coverage * (color - color.a * base) is mix(base, color, coverage) for
// an opaque colour.
in vec4 v_aa;
in vec4 v_color;
uniform vec4 u_base;
out vec4 o_color;

void main() {
    float coverage = clamp(v_aa.y - abs(v_aa.x), 0.0, 1.0) * clamp(v_aa.z, 0.0, 1.0);
    o_color = u_base + coverage * (v_color - v_color.a * u_base);
}
