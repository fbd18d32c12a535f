#version 330 core
// Glyph coverage from the R8 atlas's red channel times the premultiplied text colour.
in vec2 v_texcoord;
uniform sampler2D u_atlas;
uniform vec4 u_color;
out vec4 o_color;

void main() {
    o_color = u_color * texture(u_atlas, v_texcoord).r;
}
