#version 330 core
// Straight-alpha RGBA images (as decoded from PNG), premultiplied here, times u_opacity.
in vec2 v_texcoord;
uniform sampler2D u_texture;
uniform float u_opacity;
out vec4 o_color;

void main() {
    vec4 c = texture(u_texture, v_texcoord);
    o_color = vec4(c.rgb * c.a, c.a) * u_opacity;
}
