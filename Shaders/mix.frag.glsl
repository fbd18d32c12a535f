#version 330 core
// A picture's texels as they are, for `Renderer.lerp` (its blend mixes them in by a constant
// alpha). Nothing but the texture read: llvmpipe's linear rasteriser draws that four times faster
// than the same read times a uniform.
in vec2 v_texcoord;
uniform sampler2D u_texture;
out vec4 o_color;

void main() {
    o_color = texture(u_texture, v_texcoord);
}
